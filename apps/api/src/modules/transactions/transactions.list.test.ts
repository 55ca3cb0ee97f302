import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionListSchema, type TransactionList, type TransactionView } from '@carbonledger/contracts';
import { mintOperations, retirements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { onboardCompanyForTests } from '../companies/companies.testing';
import { approvedWallet } from '../minting/minting.testing';

/** Few distinct dates for many rows: mints and burns tie on them, so the order rests on the tie-break. */
const DATES = [0, 1, 2, 3].map((step) => new Date(Date.UTC(2025, 0, 10, 12, 0, 0) + step * 60_000));
const MINT_STATUSES = ['completed', 'failed', 'pending', 'processing'] as const;
const BURN_STATUSES = ['completed', 'failed', 'scheduled', 'awaiting_signature', 'processing', 'cancelled'] as const;

/** Newest first, then by id as bytes: the list's order. */
const byListOrder = (a: TransactionView, b: TransactionView) => b.date.localeCompare(a.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('transactions list in SQL: order, filters, pages and company scope over many records', () => {
  let harness: TestApp;
  let verdeAdmin: SignedIn;
  let otherAdmin: SignedIn;
  let platformAdmin: SignedIn;
  let otherCompanyId: string;
  let wallets: { id: string; address: string }[];
  let everything: TransactionView[];

  const list = async (who: SignedIn, query: string): Promise<TransactionList> => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/v1/transactions?${query}`, headers: { authorization: who.headers.authorization! } });
    expect(response.statusCode, response.body).toBe(200);
    return transactionListSchema.parse(response.json().data);
  };

  /** Every page of a query at this page size, and the total each page answered. */
  const allPages = async (who: SignedIn, query: string, pageSize: number) => {
    const first = await list(who, `${query}&pageSize=${pageSize}&page=1`);
    const items = [...first.items];
    const totals = new Set([first.total]);
    for (let page = 2; page <= Math.ceil(first.total / pageSize) + 1; page++) {
      const next = await list(who, `${query}&pageSize=${pageSize}&page=${page}`);
      totals.add(next.total);
      items.push(...next.items);
    }
    return { items, totals: [...totals] };
  };

  beforeAll(async () => {
    harness = await createTestApp();
    verdeAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    platformAdmin = await signInAs(harness.app, 'admin@demo.test');
    const other = await onboardCompanyForTests(harness.app, platformAdmin, 'Rio Frio Transportes');
    otherCompanyId = other.companyId;
    otherAdmin = other.companyAdmin;
    const verdeWallets = [
      await approvedWallet(harness.app, verdeAdmin, platformAdmin, 'Verde A'),
      await approvedWallet(harness.app, verdeAdmin, platformAdmin, 'Verde B'),
    ];
    const otherWallet = await approvedWallet(harness.app, otherAdmin, platformAdmin, 'Rio Frio treasury');
    wallets = verdeWallets.map(({ wallet }) => ({ id: wallet.id, address: wallet.address }));

    const tenantId = verdeAdmin.result.tenant.id;
    const recordsOf = (companyId: string, companyWallets: { id: string; address: string }[], userId: string, prefix: string, count: number) => {
      const mints = Array.from({ length: count }, (_, n) => {
        const wallet = companyWallets[n % companyWallets.length]!;
        const status = MINT_STATUSES[n % MINT_STATUSES.length]!;
        const date = DATES[n % DATES.length]!;
        return {
          tenantId,
          companyId,
          userId,
          registry: 'sandbox' as const,
          projectId: `${prefix}-P${n % 3}`,
          projectName: `${prefix} Project ${n % 3}`,
          vintage: 2018 + (n % 4),
          quantity: BigInt(10 + n),
          tokenName: `${prefix} token`,
          symbol: `${prefix}${n % 3}`,
          decimals: 0,
          walletId: wallet.id,
          walletAddress: wallet.address,
          status,
          mintAddress: `${prefix}Mint${n % 3}`,
          signature: status === 'pending' ? null : `${prefix}MintSig${n}`,
          error: status === 'failed' ? `boom ${n}` : null,
          createdAt: date,
          // Completed ones date by completion: the same instants, so records of both kinds tie.
          completedAt: status === 'completed' ? DATES[(n + 1) % DATES.length]! : null,
        };
      });
      const burns = Array.from({ length: count }, (_, n) => {
        const wallet = companyWallets[(n + 1) % companyWallets.length]!;
        const status = BURN_STATUSES[n % BURN_STATUSES.length]!;
        return {
          tenantId,
          companyId,
          walletId: wallet.id,
          walletAddress: wallet.address,
          walletType: 'external' as const,
          tokenMint: `${prefix}Mint${n % 3}`,
          tokenSymbol: `${prefix}${n % 3}`,
          projectId: `${prefix}-P${n % 3}`,
          projectName: `${prefix} Project ${n % 3}`,
          registry: 'sandbox' as const,
          vintage: 2018 + (n % 4),
          amount: BigInt(1250 + n),
          decimals: n % 2 === 0 ? 2 : 0,
          reason: 'voluntary_offset' as const,
          country: 'BR',
          beneficiaryName: 'Beneficiary',
          beneficiaryHash: 'f'.repeat(64),
          status,
          certificateNumber: `${prefix}-CERT-${String(n).padStart(4, '0')}`,
          signature: status === 'completed' || status === 'failed' ? `${prefix}BurnSig${n}` : null,
          error: status === 'failed' ? `burn failed ${n}` : null,
          createdAt: DATES[(n + 2) % DATES.length]!,
          completedAt: status === 'completed' ? DATES[n % DATES.length]! : null,
          cancelledAt: status === 'cancelled' ? DATES[0]! : null,
        };
      });
      return { mints, burns };
    };
    const verde = recordsOf(verdeAdmin.result.company.id, wallets, verdeAdmin.result.user.id, 'VRD', 30);
    const rio = recordsOf(otherCompanyId, [{ id: otherWallet.wallet.id, address: otherWallet.wallet.address }], otherAdmin.result.user.id, 'RIO', 12);
    await harness.app.db.asSystem(async (tx) => {
      await tx.insert(mintOperations).values([...verde.mints, ...rio.mints]);
      await tx.insert(retirements).values([...verde.burns, ...rio.burns]);
    });
    everything = (await list(verdeAdmin, 'pageSize=100')).items;
  });
  afterAll(() => harness.close());

  it('lists every record but cancelled retirements, newest first, ties broken by id across mints and burns', async () => {
    // 30 mints and 30 retirements, 5 of them cancelled.
    expect(everything).toHaveLength(55);
    expect(everything.map((item) => item.id)).toEqual([...everything].sort(byListOrder).map((item) => item.id));
    const tiedDates = new Set(everything.filter((item, index) => everything[index + 1]?.date === item.date && everything[index + 1]!.type !== item.type));
    expect(tiedDates.size).toBeGreaterThan(0);
  });

  it('pages through the same order at every page size, from either end, each page answering the same total', async () => {
    for (const pageSize of [1, 7, 20, 54, 55, 100]) {
      const { items, totals } = await allPages(verdeAdmin, '', pageSize);
      expect(totals).toEqual([55]);
      expect(items.map((item) => item.id)).toEqual(everything.map((item) => item.id));
    }
    const beyond = await list(verdeAdmin, 'pageSize=20&page=4');
    expect(beyond).toMatchObject({ items: [], total: 55, page: 4, pageSize: 20 });
    const last = await list(verdeAdmin, 'pageSize=20&page=3');
    expect(last.items.map((item) => item.id)).toEqual(everything.slice(40).map((item) => item.id));
  });

  it('combines type, status, wallet and search as the entries read, and pages the result', async () => {
    const needle = (value: string | null) => value?.toLowerCase() ?? '';
    const searchable = (item: TransactionView) =>
      [item.hash, item.project, item.projectId, item.tokenSymbol, item.tokenMint, item.from, item.to, item.description].map(needle);
    const queries: { query: string; expected: (item: TransactionView) => boolean }[] = [
      { query: 'type=burn&status=pending', expected: (item) => item.type === 'burn' && item.status === 'pending' },
      { query: 'type=mint&status=failed', expected: (item) => item.type === 'mint' && item.status === 'failed' },
      { query: 'status=processing', expected: (item) => item.status === 'processing' },
      { query: `wallet=${wallets[0]!.id}&status=completed`, expected: (item) => item.walletAddress === wallets[0]!.address && item.status === 'completed' },
      { query: `wallet=${wallets[1]!.address}&type=burn`, expected: (item) => item.walletAddress === wallets[1]!.address && item.type === 'burn' },
      { query: 'search=vintage%202019', expected: (item) => searchable(item).some((text) => text.includes('vintage 2019')) },
      { query: 'search=BOOM', expected: (item) => searchable(item).some((text) => text.includes('boom')) },
      { query: 'search=retired%2012.5%20VRD0', expected: (item) => searchable(item).some((text) => text.includes('retired 12.5 vrd0')) },
      { query: 'search=vrd-cert-0007', expected: (item) => searchable(item).some((text) => text.includes('vrd-cert-0007')) },
      {
        query: 'search=vrdmint1&type=burn&status=completed',
        expected: (item) => item.type === 'burn' && item.status === 'completed' && searchable(item).some((text) => text.includes('vrdmint1')),
      },
      { query: 'search=RIO', expected: () => false },
      {
        query: `wallet=${wallets[0]!.id}&search=vrd&type=mint&status=pending`,
        expected: (item) => item.walletAddress === wallets[0]!.address && item.type === 'mint' && item.status === 'pending',
      },
    ];
    for (const { query, expected } of queries) {
      const wanted = everything.filter(expected).map((item) => item.id);
      const { items, totals } = await allPages(verdeAdmin, query, 4);
      expect(
        items.map((item) => item.id),
        query,
      ).toEqual(wanted);
      expect(totals, query).toEqual([wanted.length]);
    }
    // Each entry is found by its own whole description: the SQL reads the records as the entries do.
    for (const item of everything) {
      const found = await list(verdeAdmin, `search=${encodeURIComponent(item.description.slice(-100))}&pageSize=100`);
      expect(
        found.items.map((entry) => entry.id),
        item.description,
      ).toContain(item.id);
    }
  });

  it("never shows another company's records, whatever the filter; an administrator reads them by company", async () => {
    const verdeIds = new Set(everything.map((item) => item.id));
    const rio = (await list(otherAdmin, 'pageSize=100')).items;
    // 12 mints and 12 retirements, 2 of them cancelled.
    expect(rio).toHaveLength(22);
    expect(rio.some((item) => verdeIds.has(item.id))).toBe(false);
    expect(rio.every((item) => item.project?.startsWith('RIO'))).toBe(true);
    expect((await list(otherAdmin, 'search=VRD')).total).toBe(0);
    expect((await list(otherAdmin, `wallet=${wallets[0]!.id}`)).total).toBe(0);
    expect((await list(platformAdmin, `companyId=${otherCompanyId}&pageSize=100`)).items).toEqual(rio);
    expect((await list(platformAdmin, 'pageSize=100')).total).toBe(0);
    const last = await list(otherAdmin, 'pageSize=5&page=5');
    expect(last.items.map((item) => item.id)).toEqual(rio.slice(20).map((item) => item.id));
  });
});
