import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { address, getBase58Decoder } from '@solana/kit';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { getBurnWithMemoInstructions, findHolderTokenAccount, openEmbeddedChain, getTransferTokensInstruction } from '@carbonledger/chain';
import { executeOrThrow } from '@carbonledger/chain/testing';
import {
  certificateVerificationSchema,
  discrepancyListSchema,
  retirementTexts,
  tokenMetadataDocumentSchema,
  transactionListSchema,
  type Retirement,
  type SecurityAlert,
} from '@carbonledger/contracts';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { chainSubmissions, reconciliationDiscrepancies } from '../../db/schema';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { presenceOnChain } from '../chain';
import { createRetirement, get, retireBody, retirementFixture, type RetirementFixture } from '../retirements/retirements.testing';
import { reconcileNow } from './index';

const discrepancies = async (app: App, who: SignedIn, query = '') => {
  const response = await get(app, who, `/api/v1/reconciliation/discrepancies${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return discrepancyListSchema.parse(response.json().data);
};
const transactions = async (app: App, who: SignedIn, query = '') => {
  const response = await get(app, who, `/api/v1/transactions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return transactionListSchema.parse(response.json().data).items;
};
const metadata = async (app: App, mint: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/v1/public/tokens/${mint}/metadata.json` });
  expect(response.statusCode, response.body).toBe(200);
  return tokenMetadataDocumentSchema.parse(response.json());
};
const alerts = async (app: App, who: SignedIn) => (await get(app, who, '/api/v1/security/alerts?resolved=false')).json().data as SecurityAlert[];

describe('reconciliation of the ledger against the chain, and activity made outside the platform', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let fixture: RetirementFixture;
  const app = () => harness.app;
  const deps = () => ({ db: app().db, chain: app().chain, log: app().log });

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 200, managedTokens: 100 });
  });
  afterAll(() => harness.close());

  it('finds nothing while the ledger and the chain agree, having compared every submission and mint', async () => {
    await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 5 }));
    const report = await reconcileNow(app(), deps());
    expect(report.submissionsChecked).toBeGreaterThanOrEqual(3);
    expect(report.mintsChecked).toBe(1);
    expect(report).toMatchObject({ opened: 0, resent: 0 });
    expect((await discrepancies(app(), admin)).total).toBe(0);
    // And it runs again on the schedule: every RECONCILIATION_INTERVAL_MINUTES (5 by default).
    expect(await app().jobs.getSchedules()).toContainEqual(expect.objectContaining({ name: 'reconciliation.pass', cron: '*/5 * * * *' }));
  });

  it('shows a burn the holder made directly on chain in /transactions, lowers the public supply, and the next pass reports it once', async () => {
    const mint = address(fixture.tokenMint);
    const supplyBefore = BigInt((await metadata(app(), fixture.tokenMint)).properties.supply);
    expect(supplyBefore).toBe(295n);
    const burn = await executeOrThrow(
      app().chain,
      fixture.external.key,
      getBurnWithMemoInstructions({
        account: await findHolderTokenAccount(fixture.external.key.address, mint),
        mint,
        authority: fixture.external.key,
        amount: 10n,
        decimals: 0,
        memo: 'burnt in my own wallet',
      }),
    );

    const listed = (await transactions(app(), companyAdmin)).find((item) => item.hash === burn.signature);
    expect(listed).toMatchObject({
      id: `burn-${burn.signature}`,
      type: 'burn',
      status: 'completed',
      amount: '10',
      tokenMint: fixture.tokenMint,
      from: fixture.external.wallet.address,
      to: null,
      certificateId: null,
    });
    expect(listed!.description).toContain('outside the platform');
    expect((await transactions(app(), companyAdmin, '?type=burn')).map((item) => item.id)).toContain(`burn-${burn.signature}`);
    expect((await get(app(), companyAdmin, `/api/v1/transactions/burn-${burn.signature}`)).json().data).toMatchObject({ type: 'burn', hash: burn.signature });

    const document = await metadata(app(), fixture.tokenMint);
    expect(document.properties.supply).toBe('285');
    expect(document.attributes).toContainEqual({ trait_type: 'Supply (tCO2e)', value: '285' });

    const alertsBefore = (await alerts(app(), admin)).length;
    const first = await reconcileNow(app(), deps());
    expect(first.opened).toBe(1);
    const found = await discrepancies(app(), admin);
    expect(found.items).toEqual([
      expect.objectContaining({
        type: 'AMOUNT_MISMATCH',
        severity: 'HIGH',
        entityType: 'token_mint',
        entityId: fixture.tokenMint,
        tokenMint: fixture.tokenMint,
        expected: '295',
        actual: '285',
        resolvedAt: null,
      }),
    ]);
    expect(found.items[0]!.description).toContain('burned outside the platform');
    const raised = await alerts(app(), admin);
    expect(raised).toHaveLength(alertsBefore + 1);
    expect(raised[0]).toMatchObject({ title: 'Ledger and chain disagree: AMOUNT_MISMATCH', severity: 'high', resolved: false });

    // The same problem on the next pass: still one open discrepancy and one alert.
    const second = await reconcileNow(app(), deps());
    expect(second).toMatchObject({ opened: 0, seenAgain: 1 });
    expect((await discrepancies(app(), admin)).total).toBe(1);
    expect(await alerts(app(), admin)).toHaveLength(alertsBefore + 1);
  });

  it('shows a transfer the holder made directly on chain as sent and received, and it changes no supply', async () => {
    const mint = address(fixture.tokenMint);
    const transfer = await executeOrThrow(app().chain, fixture.external.key, [
      getTransferTokensInstruction({
        source: await findHolderTokenAccount(fixture.external.key.address, mint),
        destination: await findHolderTokenAccount(address(fixture.managed.address), mint),
        mint,
        authority: fixture.external.key,
        amount: 7n,
        decimals: 0,
      }),
    ]);
    const listed = (await transactions(app(), companyAdmin)).filter((item) => item.hash === transfer.signature);
    expect(listed.map((item) => [item.type, item.amount, item.walletAddress]).sort()).toEqual([
      ['received', '7', fixture.managed.address],
      ['sent', '7', fixture.external.wallet.address],
    ]);
    expect((await reconcileNow(app(), deps())).opened).toBe(0);
  });

  it('reports a confirmed submission whose transaction never landed as missing on chain, once', async () => {
    const tenantId = companyAdmin.result.tenant.id;
    const neverLanded = getBase58Decoder().decode(randomBytes(64));
    const [row] = await app().db.withTenant(tenantId, (tx) =>
      tx
        .insert(chainSubmissions)
        .values({
          tenantId,
          kind: 'minting.mint-to',
          status: 'confirmed',
          messageBase64: 'AA==',
          preparedTxBase64: 'AA==',
          signedTxBase64: 'AA==',
          signature: neverLanded,
          lastValidBlockHeight: 0n,
          createdBy: companyAdmin.result.user.id,
        })
        .returning(),
    );
    expect((await reconcileNow(app(), deps())).opened).toBe(1);
    expect((await reconcileNow(app(), deps())).opened).toBe(0);
    const missing = await discrepancies(app(), admin, '?type=MISSING_ON_CHAIN');
    expect(missing.items).toEqual([
      expect.objectContaining({
        entityType: 'chain_submission',
        entityId: row!.id,
        severity: 'HIGH',
        companyId: companyAdmin.result.company.id,
        expected: 'confirmed',
        actual: 'not found',
      }),
    ]);
    const open = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(reconciliationDiscrepancies)
        .where(and(eq(reconciliationDiscrepancies.entityId, row!.id))),
    );
    expect(open).toHaveLength(1);
    expect(open[0]!.alertId).toBeTruthy();
  });

  it('lets administrators and the reconciliation roles read discrepancies, each company only its own; others are refused', async () => {
    const own = await discrepancies(app(), companyAdmin);
    // The company administrator sees its company's submission, not the tenant-wide supply of the token.
    expect(own.items.map((item) => item.type)).toEqual(['MISSING_ON_CHAIN']);
    expect((await discrepancies(app(), admin)).total).toBe(2);
    const viewer = await signInAs(app(), 'viewer@demo.test');
    expect((await get(app(), viewer, '/api/v1/reconciliation/discrepancies')).statusCode).toBe(403);
    expect((await get(app(), await signInAs(app(), 'finance@demo.test'), '/api/v1/reconciliation/discrepancies')).statusCode).toBe(200);
  });
});

describe('a restart on a chain that lost what the ledger recorded', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let first: App;
  let second: App;
  let retirement: Retirement;
  let tokenMint: string;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/carbonledger-test-${randomBytes(6).toString('hex')}`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
  });

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    // Both apps share the database; each closes only its own chain and job workers.
    const shared: Database = { ...database, close: async () => undefined };
    first = await buildApp(config, { database: shared, chain: openEmbeddedChain({ snapshotPath: null }), logger: false });
    await first.ready();
    const companyAdmin = await signInAs(first, 'companyadmin@demo.test');
    const fixture = await retirementFixture(first, companyAdmin, await signInAs(first, 'admin@demo.test'), { externalTokens: 20, managedTokens: 30 });
    tokenMint = fixture.tokenMint;
    retirement = (await createRetirement(first, companyAdmin, retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 10 })))
      .retirement;
    expect(retirement.status).toBe('completed');
    await first.close();
    // The same ledger on a fresh chain: everything it recorded is gone, as after a crash that lost the chain's state.
    second = await buildApp(config, { database: shared, chain: openEmbeddedChain({ snapshotPath: null }), logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await drop();
  });

  it('has recorded the differences before the first request: the retirement burn and the token are missing on chain', async () => {
    const admin = await signInAs(second, 'admin@demo.test');
    const found = await discrepancies(second, admin, '?type=MISSING_ON_CHAIN&pageSize=100');
    const burn = await second.db.asSystem(
      async (tx) => (await tx.select().from(chainSubmissions).where(eq(chainSubmissions.signature, retirement.signature!)))[0]!,
    );
    expect(found.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entityType: 'chain_submission', entityId: burn.id, severity: 'HIGH', actual: 'not found' }),
        expect.objectContaining({ entityType: 'token_mint', entityId: tokenMint, severity: 'HIGH', actual: 'not found' }),
      ]),
    );
  });

  it('no longer shows the retirement as retired, nor its certificate as valid', async () => {
    const companyAdmin = await signInAs(second, 'companyadmin@demo.test');
    const shown = (await get(second, companyAdmin, `/api/v1/retirements/${retirement.id}`)).json().data as Retirement;
    expect(shown).toMatchObject({ status: 'processing', certificateId: null, certificateNumber: null });
    expect(shown.error).toContain(retirementTexts.burnNotOnChain);
    const listed = (await get(second, companyAdmin, '/api/v1/retirements')).json().data.items as Retirement[];
    expect(listed.find((item) => item.id === retirement.id)?.status).toBe('processing');

    const verification = await second.inject({ method: 'GET', url: `/api/v1/public/certificates/${retirement.certificateNumber}/verify` });
    const verdict = certificateVerificationSchema.parse(verification.json().data);
    expect(verdict.valid).toBe(false);
    expect(verdict.checks.burnConfirmed.ok).toBe(false);
  });
});

describe('a decided submission is compared with the chain until a pass has seen it consistent', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let fixture: RetirementFixture;
  const app = () => harness.app;
  const tenantId = () => companyAdmin.result.tenant.id;
  const unchecked = () =>
    app().db.asSystem((tx) =>
      tx
        .select({ id: chainSubmissions.id })
        .from(chainSubmissions)
        .where(and(isNotNull(chainSubmissions.signature), isNull(chainSubmissions.chainCheckedAt))),
    );
  const confirmedRow = (signature: string, checked: boolean) => ({
    tenantId: tenantId(),
    kind: 'minting.mint-to',
    status: 'confirmed' as const,
    messageBase64: 'AA==',
    preparedTxBase64: 'AA==',
    signedTxBase64: 'AA==',
    signature,
    lastValidBlockHeight: 0n,
    createdBy: companyAdmin.result.user.id,
    chainCheckedAt: checked ? new Date() : null,
  });

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    fixture = await retirementFixture(harness.app, companyAdmin, await signInAs(harness.app, 'admin@demo.test'), { externalTokens: 20, managedTokens: 30 });
  });
  afterAll(() => harness.close());

  it('reads only what is new: a pass over 10,000 checked submissions and one new one takes well under a second', async () => {
    await reconcileNow(app(), { db: app().db, chain: app().chain, log: app().log });
    expect(await unchecked()).toEqual([]);
    await app().db.withTenant(tenantId(), (tx) =>
      tx.execute(sql`
        insert into chain_submissions (tenant_id, kind, status, message_base64, prepared_tx_base64, signed_tx_base64, signature, last_valid_block_height, chain_checked_at)
        select ${tenantId()}, 'minting.mint-to', 'confirmed', 'AA==', 'AA==', 'AA==', 'checked-' || g, 0, now() from generate_series(1, 10000) g`),
    );
    const mint = address(fixture.tokenMint);
    const transfer = await executeOrThrow(app().chain, fixture.external.key, [
      getTransferTokensInstruction({
        source: await findHolderTokenAccount(fixture.external.key.address, mint),
        destination: await findHolderTokenAccount(address(fixture.managed.address), mint),
        mint,
        authority: fixture.external.key,
        amount: 1n,
        decimals: 0,
      }),
    ]);
    await app().db.withTenant(tenantId(), (tx) => tx.insert(chainSubmissions).values(confirmedRow(transfer.signature, false)));

    const started = performance.now();
    const report = await reconcileNow(app(), { db: app().db, chain: app().chain, log: app().log });
    const elapsed = performance.now() - started;
    // The 10,000 made-up signatures are on no chain: reading them would have reported every one missing.
    expect(report).toMatchObject({ submissionsChecked: 1, opened: 0, resent: 0 });
    expect(await unchecked()).toEqual([]);
    // Measured at 10–70 ms on a busy 2-core machine; the bound leaves room for a slower one.
    expect(elapsed).toBeLessThan(1_000);
  });

  it('does not take a checked submission the chain has since forgotten for a missing one, and still checks a newly decided one', async () => {
    const landed = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(chainSubmissions)
        .where(and(eq(chainSubmissions.status, 'confirmed'), ne(chainSubmissions.signedTxBase64, 'AA=='))),
    );
    expect(landed.length).toBeGreaterThanOrEqual(3);
    expect(landed.every((row) => row.chainCheckedAt !== null)).toBe(true);
    const [newer] = await app().db.withTenant(tenantId(), (tx) =>
      tx
        .insert(chainSubmissions)
        .values(confirmedRow(getBase58Decoder().decode(randomBytes(64)), false))
        .returning(),
    );

    // A chain that remembers none of them, as a node that pruned its history or a small status cache.
    const forgetful = openEmbeddedChain({ snapshotPath: null });
    try {
      const presence = await presenceOnChain(
        forgetful,
        landed.map((row) => row.signature!),
      );
      expect([...presence.values()]).toEqual(landed.map(() => ({ state: 'absent' })));
      const deps = { db: app().db, chain: forgetful, log: app().log };
      const report = await reconcileNow(app(), deps);
      expect(report).toMatchObject({ submissionsChecked: 1, opened: 2 });
      const missing = await app().db.asSystem((tx) =>
        tx
          .select()
          .from(reconciliationDiscrepancies)
          .where(and(eq(reconciliationDiscrepancies.type, 'MISSING_ON_CHAIN'), isNull(reconciliationDiscrepancies.resolvedAt))),
      );
      // Only the new submission is reported; the loss of the checked ones shows in the mint's supply (here: no mint at all).
      expect(missing.map((row) => [row.entityType, row.entityId]).sort()).toEqual([
        ['chain_submission', newer!.id],
        ['token_mint', fixture.tokenMint],
      ]);
      // The inconsistent one stays unchecked and is seen again on every pass.
      expect(await unchecked()).toEqual([{ id: newer!.id }]);
      expect(await reconcileNow(app(), deps)).toMatchObject({ submissionsChecked: 1, opened: 0, seenAgain: 2 });
    } finally {
      await forgetful.close();
    }
  });

  it('leaves a failed or expired submission absent from the chain unchecked while its blockhash could still let it land', async () => {
    const height = await app().chain.getBlockHeight();
    const failed = (lastValidBlockHeight: bigint) => ({
      ...confirmedRow(getBase58Decoder().decode(randomBytes(64)), false),
      status: 'failed' as const,
      lastValidBlockHeight,
    });
    const [expired, stillValid] = await app().db.withTenant(tenantId(), (tx) =>
      tx
        .insert(chainSubmissions)
        .values([failed(0n), failed(height + 10_000n)])
        .returning(),
    );
    expect((await reconcileNow(app(), { db: app().db, chain: app().chain, log: app().log })).opened).toBe(0);
    const left = (await unchecked()).map((row) => row.id);
    expect(left).toContain(stillValid!.id);
    expect(left).not.toContain(expired!.id);
  });
});
