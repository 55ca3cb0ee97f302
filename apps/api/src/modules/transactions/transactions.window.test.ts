import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_COUNT_CAP, listWindowTexts, transactionListSchema } from '@carbonledger/contracts';
import { retirements } from '../../db/schema';
import { LIST_COUNT_LIMIT } from '../../lib/list-window';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { approvedWallet } from '../minting/minting.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { countEntries } from './transactions.list.repository';

/** The seeded mints are one a minute before this instant (mint g at g minutes before), the burns after it. */
const SEEDED_AT = new Date(Date.UTC(2025, 0, 10, 12, 0, 0));
/** With the 6 listed burns, one entry more than the window. */
const MINTS = LIST_COUNT_CAP - 5;
const BURN_STATUSES = ['failed', 'completed', 'completed', 'completed', 'completed', 'completed', 'cancelled'] as const;
const LISTED_BURNS = 6;

// docs/lists.md: the list counts within a window of LIST_COUNT_CAP entries, over every source, and pages only inside it.
describe('GET /api/v1/transactions past the counting window', () => {
  let harness: TestApp;
  let verdeAdmin: SignedIn;
  let platformAdmin: SignedIn;
  let otherTenant: SignedIn;

  const get = (who: SignedIn, query: string) =>
    harness.app.inject({ method: 'GET', url: `/api/v1/transactions${query}`, headers: { authorization: who.headers.authorization! } });
  const list = async (who: SignedIn, query = '') => {
    const response = await get(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return transactionListSchema.parse(response.json().data);
  };
  /** The mints' quantities are their g: the amounts of a page say which mints it shows. */
  const mintsNumbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

  beforeAll(async () => {
    harness = await createTestApp();
    verdeAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    platformAdmin = await signInAs(harness.app, 'admin@demo.test');
    otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'txwindow')).email);
    const { wallet } = await approvedWallet(harness.app, verdeAdmin, platformAdmin, 'Verde window');
    const tenantId = verdeAdmin.result.tenant.id;
    const companyId = verdeAdmin.result.company.id;
    await harness.app.db.asSystem(async (tx) => {
      await tx.execute(sql`
        insert into mint_operations (tenant_id, company_id, user_id, registry, project_id, project_name, vintage, quantity, token_name, symbol,
          decimals, wallet_id, wallet_address, status, mint_address, signature, created_at, completed_at)
        select ${tenantId}::uuid, ${companyId}::uuid, ${verdeAdmin.result.user.id}::uuid, 'sandbox', 'WIN-P1', 'Window Project', 2020, g, 'Window token',
          'WIN1', 0, ${wallet.id}::uuid, ${wallet.address}, 'completed', 'WinMint1', 'WinMintSig' || g,
          ${SEEDED_AT.toISOString()}::timestamptz - g * interval '1 minute', ${SEEDED_AT.toISOString()}::timestamptz - g * interval '1 minute'
        from generate_series(1, ${MINTS}::int) g`);
      await tx.insert(retirements).values(
        BURN_STATUSES.map((status, index) => {
          const at = new Date(SEEDED_AT.getTime() + (index + 1) * 60_000);
          return {
            tenantId,
            companyId,
            walletId: wallet.id,
            walletAddress: wallet.address,
            walletType: 'external' as const,
            tokenMint: 'WinMint1',
            tokenSymbol: 'WIN1',
            projectId: 'WIN-P1',
            projectName: 'Window Project',
            registry: 'sandbox' as const,
            vintage: 2020,
            amount: 100n,
            decimals: 0,
            reason: 'voluntary_offset' as const,
            country: 'BR',
            beneficiaryName: 'Beneficiary',
            beneficiaryHash: 'f'.repeat(64),
            status,
            certificateNumber: `WIN-CERT-${index}`,
            signature: status === 'cancelled' ? null : `WinBurnSig${index}`,
            error: status === 'failed' ? 'burn failed' : null,
            createdAt: at,
            completedAt: status === 'completed' ? at : null,
            cancelledAt: status === 'cancelled' ? at : null,
          };
        }),
      );
    });
  });
  afterAll(() => harness.close());

  it('says the count was capped past 10,000 entries, and keeps the first page newest first', async () => {
    const first = await list(verdeAdmin);
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, page: 1, pageSize: 20, chainAvailable: true });
    expect(first.items.slice(0, LISTED_BURNS).map((item) => item.type)).toEqual(Array(LISTED_BURNS).fill('burn'));
    expect(first.items.slice(LISTED_BURNS).map((item) => item.amount)).toEqual(mintsNumbered(1, 20 - LISTED_BURNS));
  });

  it('reads the last page of the window from the newest end, and refuses the next one with the validation envelope', async () => {
    // Entries 9,951–10,000 of 10,001: mints 9,945–9,994, not the oldest mint, which only an exact count would place.
    const last = await list(verdeAdmin, `?page=${LIST_COUNT_CAP / 50}&pageSize=50`);
    expect(last).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(last.items.map((item) => item.amount)).toEqual(mintsNumbered(LIST_COUNT_CAP - 50 - LISTED_BURNS + 1, LIST_COUNT_CAP - LISTED_BURNS));
    for (const query of [
      `?page=${LIST_COUNT_CAP / 50 + 1}&pageSize=50`,
      `?pageSize=100&page=${LIST_COUNT_CAP / 100 + 1}`,
      `?type=burn&page=${LIST_COUNT_CAP / 20 + 1}`,
    ]) {
      const response = await get(verdeAdmin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', fields: { page: [listWindowTexts.pageBeyondWindow] } } });
    }
  });

  it('counts exactly up to the cap, across mints and burns, and pages such a list from either end as before', async () => {
    const completed = await list(verdeAdmin, `?status=completed&pageSize=100&page=${LIST_COUNT_CAP / 100}`);
    expect(completed).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: false });
    expect(completed.items.map((item) => item.amount)).toEqual(mintsNumbered(MINTS - 99, MINTS));
    expect(await list(verdeAdmin, '?type=mint')).toMatchObject({ total: MINTS, totalCapped: false });
    expect(await list(verdeAdmin, '?type=burn')).toMatchObject({ total: LISTED_BURNS, totalCapped: false });
    expect(await list(verdeAdmin, '?status=failed')).toMatchObject({ total: 1, totalCapped: false });
    const found = await list(verdeAdmin, `?search=WinMintSig${MINTS}`);
    expect(found).toMatchObject({ total: 1, totalCapped: false });
    expect(found.items[0]!.amount).toBe(String(MINTS));
  });

  it('counts the entries read from the chain within the same window', async () => {
    const companyId = verdeAdmin.result.company.id;
    const chainEntries = [1, 2, 3].map((n) => ({ id: `received-ChainSig${n}`, date: new Date(SEEDED_AT.getTime() + n * 3_600_000).toISOString() }));
    const counted = await harness.app.db.withTenant(verdeAdmin.result.tenant.id, async (tx) => ({
      completedRecords: await countEntries(tx, { companyId, status: 'completed' }, [], LIST_COUNT_LIMIT),
      completedWithChain: await countEntries(tx, { companyId, status: 'completed' }, chainEntries.slice(0, 1), LIST_COUNT_LIMIT),
      everything: await countEntries(tx, { companyId }, chainEntries, LIST_COUNT_LIMIT),
      burnsWithChain: await countEntries(tx, { companyId, type: 'burn' }, chainEntries, LIST_COUNT_LIMIT),
    }));
    expect(counted).toEqual({
      completedRecords: LIST_COUNT_CAP,
      completedWithChain: LIST_COUNT_LIMIT,
      everything: LIST_COUNT_LIMIT,
      burnsWithChain: LISTED_BURNS + 3,
    });
  });

  it('keeps the company scope and the tenant: an administrator reads the company by id, another tenant sees nothing', async () => {
    expect(await list(platformAdmin)).toMatchObject({ total: 0, totalCapped: false, items: [] });
    expect(await list(platformAdmin, `?companyId=${verdeAdmin.result.company.id}`)).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(await list(otherTenant)).toMatchObject({ total: 0, totalCapped: false, items: [] });
  });
});
