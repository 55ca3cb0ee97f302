import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { address, getBase58Decoder } from '@solana/kit';
import { and, eq, sql } from 'drizzle-orm';
import { findHolderTokenAccount, getBurnWithMemoInstructions } from '@carbonledger/chain';
import { executeOrThrow } from '@carbonledger/chain/testing';
import {
  discrepancyListSchema,
  discrepancySchema,
  reconciliationRunSchema,
  reconciliationSummarySchema,
  resolveDiscrepancyResultSchema,
  SERVER_EVENTS,
  type Discrepancy,
  type DiscrepancyResolution,
} from '@carbonledger/contracts';
import { auditLog, chainSubmissions, companies, mintOperations, reconciliationAdjustments, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { get, post, retirementFixture, type RetirementFixture } from '../retirements/retirements.testing';
import { reconcileNow } from './index';

/**
 * The exception queue (docs/reconciliation.md "Resolutions"): every type found, every resolution
 * applied through the approval engine where it syncs, and closed only by a re-check that agrees;
 * a direction that would create tonnes refused. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe('reconciliation exception queue', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let superAdmin: SignedIn;
  let fixture: RetirementFixture;
  const app = () => harness.app;
  const deps = () => ({ db: app().db, chain: app().chain, log: app().log });
  const tenantId = () => admin.result.tenant.id;

  const queue = async (who: SignedIn, query = '') => {
    const response = await get(app(), who, `/api/v1/reconciliation/discrepancies${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return discrepancyListSchema.parse(response.json().data);
  };
  const openOf = async (entityType: string, type: string): Promise<Discrepancy> => {
    const found = (await queue(admin, `?type=${type}&pageSize=100`)).items.find((item) => item.entityType === entityType && item.status !== 'resolved');
    expect(found, `${type} on ${entityType}`).toBeDefined();
    return found!;
  };
  const resolve = (who: SignedIn, id: string, action: DiscrepancyResolution, reason = 'Checked against the explorer') =>
    post(app(), who, `/api/v1/reconciliation/discrepancies/${id}/resolve`, { action, reason });
  const resolved = async (who: SignedIn, id: string, action: DiscrepancyResolution) => {
    const response = await resolve(who, id, action);
    expect(response.statusCode, response.body).toBe(200);
    return resolveDiscrepancyResultSchema.parse(response.json().data);
  };
  /** The sync's workflow approved by another administrator (four-eyes). */
  const approve = async (approvalId: string) => {
    const response = await post(app(), superAdmin, `/api/v1/approvals/${approvalId}/approve`, {});
    expect(response.statusCode, response.body).toBe(200);
  };
  const current = async (id: string) => (await queue(admin, '?status=all&pageSize=100')).items.find((item) => item.id === id)!;
  const submission = (signature: string, status: 'confirmed' | 'failed', kind: string) => ({
    tenantId: tenantId(),
    kind,
    status,
    messageBase64: 'AA==',
    preparedTxBase64: 'AA==',
    signedTxBase64: 'AA==',
    signature,
    lastValidBlockHeight: 0n,
    createdBy: companyAdmin.result.user.id,
  });
  const burnOutside = async (amount: bigint) => {
    const mint = address(fixture.tokenMint);
    return executeOrThrow(
      app().chain,
      fixture.external.key,
      getBurnWithMemoInstructions({
        account: await findHolderTokenAccount(fixture.external.key.address, mint),
        mint,
        authority: fixture.external.key,
        amount,
        decimals: 0,
        memo: 'burnt in my own wallet',
      }),
    );
  };
  const summaryRow = async () => {
    const response = await get(app(), admin, '/api/v1/reconciliation/summary');
    expect(response.statusCode, response.body).toBe(200);
    return reconciliationSummarySchema.parse(response.json().data).projects.find((row) => row.tokenMint === fixture.tokenMint)!;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    superAdmin = await signInAs(harness.app, 'superadmin@demo.test');
    fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 200, managedTokens: 100 });
    await reconcileNow(app(), deps());
  });
  afterAll(() => harness.close());

  it('summarises each project and vintage with the ledger, the chain and the registry agreeing', async () => {
    expect(await summaryRow()).toMatchObject({ ledger: '300', chain: '300', delta: '0', registryLocked: '300', registryRetired: '0', openDiscrepancies: 0 });
    expect((await queue(admin)).total).toBe(0);
  });

  it('AMOUNT_MISMATCH: sync to chain is refused (it would mint), sync to database adjusts the ledger down once approved, re-checked and closed', async () => {
    const burn = await burnOutside(10n);
    expect(burn.signature).toBeTruthy();
    await reconcileNow(app(), deps());
    const found = await openOf('token_mint', 'AMOUNT_MISMATCH');
    expect(found).toMatchObject({
      severity: 'HIGH',
      status: 'open',
      expected: '300',
      actual: '290',
      project: expect.any(String),
      tokenMint: fixture.tokenMint,
    });
    expect(found.resolutions.find((option) => option.action === 'sync_to_chain')).toMatchObject({ executable: false });
    expect(await summaryRow()).toMatchObject({ ledger: '300', chain: '290', delta: '-10', openDiscrepancies: 1 });

    const refused = await resolve(admin, found.id, 'sync_to_chain');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('RECONCILIATION__SYNC_WOULD_CREATE_TONNES');
    const refusals = await app().db.withTenant(tenantId(), (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'reconciliation.resolution_refused'), eq(auditLog.resourceId, found.id))),
    );
    expect(refusals).toHaveLength(1);

    const requested = await resolved(admin, found.id, 'sync_to_database');
    expect(requested).toMatchObject({
      outcome: 'awaiting_approval',
      recheck: null,
      discrepancy: { status: 'awaiting_approval', resolution: 'sync_to_database' },
    });
    // Nothing changed before the approval, and a second resolution waits for it.
    expect(await app().db.withTenant(tenantId(), (tx) => tx.select().from(reconciliationAdjustments))).toHaveLength(0);
    expect((await resolve(admin, found.id, 'mark_resolved')).json().error.reason).toBe('RECONCILIATION__AWAITING_APPROVAL');
    // Four-eyes: the requester does not approve its own sync.
    expect((await post(app(), admin, `/api/v1/approvals/${requested.discrepancy.approvalId}/approve`, {})).statusCode).toBe(403);

    await approve(requested.discrepancy.approvalId!);
    const after = await current(found.id);
    expect(after).toMatchObject({ status: 'resolved', resolution: 'sync_to_database', resolutionReason: 'Checked against the explorer' });
    const adjustments = await app().db.withTenant(tenantId(), (tx) => tx.select().from(reconciliationAdjustments));
    expect(adjustments.map((row) => row.delta)).toEqual([-10n]);
    expect(await summaryRow()).toMatchObject({ ledger: '290', chain: '290', delta: '0' });
    // The database refuses an adjustment that would add a tonne, whoever writes it.
    await expect(
      app().db.withTenant(tenantId(), (tx) =>
        tx.insert(reconciliationAdjustments).values({ tenantId: tenantId(), tokenMint: fixture.tokenMint, discrepancyId: found.id, delta: 5n, reason: 'x' }),
      ),
    ).rejects.toThrow();
  });

  it('registry side: VCUs still locked for the tonnes the ledger wrote off are a discrepancy that only the registry can end', async () => {
    await reconcileNow(app(), deps());
    const locked = await openOf('registry_locked', 'AMOUNT_MISMATCH');
    expect(locked).toMatchObject({ severity: 'MEDIUM', expected: '290', actual: '300' });
    expect(locked.resolutions.filter((option) => option.executable).map((option) => option.action)).toEqual(['mark_resolved']);
    expect((await resolve(admin, locked.id, 'sync_to_database')).json().error.reason).toBe('RECONCILIATION__SYNC_NOT_EXECUTABLE');
    const attempt = await resolved(admin, locked.id, 'mark_resolved');
    expect(attempt).toMatchObject({ outcome: 'still_open', recheck: { agrees: false, expected: '290', actual: '300' }, discrepancy: { status: 'open' } });
  });

  it('MISSING_OFF_CHAIN: both syncs are refused (one would count unbacked tonnes); mark resolved closes it once the re-check agrees', async () => {
    const [operation] = await app().db.withTenant(tenantId(), (tx) =>
      tx
        .select()
        .from(mintOperations)
        .where(and(eq(mintOperations.status, 'completed'), eq(mintOperations.quantity, 100n))),
    );
    // The ledger loses 7 tCO2e of a mint (a bad manual edit): the chain now holds more than the ledger.
    await app().db.withTenant(tenantId(), (tx) => tx.update(mintOperations).set({ quantity: 93n }).where(eq(mintOperations.id, operation!.id)));
    await reconcileNow(app(), deps());
    const extra = await openOf('token_mint', 'MISSING_OFF_CHAIN');
    expect(extra).toMatchObject({ severity: 'HIGH', expected: '283', actual: '290' });
    expect((await resolve(admin, extra.id, 'sync_to_database')).json().error.reason).toBe('RECONCILIATION__SYNC_WOULD_CREATE_TONNES');
    expect((await resolve(admin, extra.id, 'sync_to_chain')).json().error.reason).toBe('RECONCILIATION__SYNC_NOT_EXECUTABLE');
    expect(await resolved(admin, extra.id, 'mark_resolved')).toMatchObject({ outcome: 'still_open', recheck: { agrees: false } });

    await app().db.withTenant(tenantId(), (tx) => tx.update(mintOperations).set({ quantity: 100n }).where(eq(mintOperations.id, operation!.id)));
    expect(await resolved(admin, extra.id, 'mark_resolved')).toMatchObject({ outcome: 'resolved', recheck: { agrees: true, expected: '290', actual: '290' } });
    expect((await resolve(admin, extra.id, 'mark_resolved')).json().error.reason).toBe('RECONCILIATION__ALREADY_RESOLVED');
  });

  it('MISSING_ON_CHAIN and STATUS_MISMATCH of recorded transactions: sync to database sets the status to the chain’s once approved; a retirement burn is never dropped', async () => {
    const landed = await burnOutside(1n);
    const random = () => getBase58Decoder().decode(randomBytes(64));
    await app().db.withTenant(tenantId(), (tx) =>
      tx
        .insert(chainSubmissions)
        .values([
          submission(random(), 'confirmed', 'minting.mint-to'),
          submission(random(), 'confirmed', 'retirement.burn'),
          submission(landed.signature, 'failed', 'wallet.approve'),
        ]),
    );
    await reconcileNow(app(), deps());
    const byKind = async (type: string, kind: string) => {
      const rows = (await queue(admin, `?type=${type}&pageSize=100`)).items.filter((item) => item.entityType === 'chain_submission');
      return rows.find((item) => item.description.includes(kind))!;
    };
    const lostMint = await byKind('MISSING_ON_CHAIN', 'minting.mint-to');
    const lostBurn = await byKind('MISSING_ON_CHAIN', 'retirement.burn');
    const landedFailed = await byKind('STATUS_MISMATCH', 'wallet.approve');
    expect(lostMint).toMatchObject({ severity: 'HIGH', expected: 'confirmed', actual: 'not found', companyId: companyAdmin.result.company.id });
    expect(landedFailed).toMatchObject({ severity: 'MEDIUM', expected: 'failed', actual: 'confirmed' });

    expect((await resolve(admin, lostMint.id, 'sync_to_chain')).json().error.reason).toBe('RECONCILIATION__SYNC_WOULD_CREATE_TONNES');
    expect((await resolve(admin, lostBurn.id, 'sync_to_database')).json().error.reason).toBe('RECONCILIATION__CERTIFICATE_RESTS_ON_BURN');
    expect(await resolved(admin, lostBurn.id, 'mark_resolved')).toMatchObject({ outcome: 'still_open' });

    for (const found of [lostMint, landedFailed]) {
      const requested = await resolved(companyAdmin, found.id, 'sync_to_database');
      expect(requested.outcome).toBe('awaiting_approval');
      await approve(requested.discrepancy.approvalId!);
      expect(await current(found.id)).toMatchObject({ status: 'resolved', resolution: 'sync_to_database' });
    }
    const statuses = await app().db.withTenant(tenantId(), (tx) =>
      tx
        .select({ id: chainSubmissions.id, status: chainSubmissions.status })
        .from(chainSubmissions)
        .where(sql`${chainSubmissions.id}::text in (${lostMint.entityId}, ${landedFailed.entityId})`),
    );
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [lostMint.entityId]: 'expired', [landedFailed.entityId]: 'confirmed' });
    const audited = await app().db.withTenant(tenantId(), (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'reconciliation.resolved'), eq(auditLog.resourceId, lostMint.id))),
    );
    expect(audited[0]!.details).toMatchObject({
      action: 'sync_to_database',
      reason: 'Checked against the explorer',
      recheck: { agrees: true },
      submissionStatus: { to: 'expired' },
    });
  });

  it('a rejected sync goes back to the queue, open', async () => {
    await burnOutside(2n);
    await reconcileNow(app(), deps());
    const mismatch = await openOf('token_mint', 'AMOUNT_MISMATCH');
    const requested = await resolved(admin, mismatch.id, 'sync_to_database');
    const rejected = await post(app(), superAdmin, `/api/v1/approvals/${requested.discrepancy.approvalId}/reject`, {
      reason: 'Wait for the holder to explain',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await current(mismatch.id)).toMatchObject({ status: 'open' });
  });

  it('requires a reason, and keeps every company to its own discrepancies', async () => {
    const mine = (await queue(companyAdmin)).items[0]!;
    expect(mine.companyId).toBe(companyAdmin.result.company.id);
    for (const reason of ['', '   ', 'a\u0000b']) {
      const response = await resolve(companyAdmin, mine.id, 'mark_resolved', reason);
      expect(response.statusCode).toBe(400);
    }
    expect((await resolve(companyAdmin, mine.id, 'mark_resolved', 'x'.repeat(1_000_000))).statusCode).toBe(400);
    // A token's supply is tenant-wide: a company reader neither sees nor resolves it.
    const tenantWide = await openOf('registry_locked', 'AMOUNT_MISMATCH');
    expect((await queue(companyAdmin)).items.map((item) => item.id)).not.toContain(tenantWide.id);
    expect((await resolve(companyAdmin, tenantWide.id, 'mark_resolved')).statusCode).toBe(404);

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await app().db.asSystem(async (tx) => {
      const [company] = await tx.insert(companies).values({ tenantId: tenantId(), name: 'Recon Other Co', kycStatus: 'approved' }).returning();
      await tx.insert(users).values({
        tenantId: tenantId(),
        companyId: company!.id,
        email: 'rita@recon-other.test',
        passwordHash,
        role: 'COMPANY_ADMIN',
        firstName: 'Rita',
        lastName: 'Other',
      });
    });
    const other = await signInAs(app(), 'rita@recon-other.test');
    expect((await queue(other)).total).toBe(0);
    expect((await resolve(other, mine.id, 'mark_resolved')).statusCode).toBe(404);
    expect((await post(app(), other, `/api/v1/reconciliation/discrepancies/${mine.id}/assign`, { assigneeId: other.result.user.id })).statusCode).toBe(404);
    const outsider = await signInAs(app(), (await createRegistryTenant(app().db, 'reconbeta')).email);
    expect((await resolve(outsider, mine.id, 'mark_resolved')).statusCode).toBe(404);
    expect((await queue(outsider)).total).toBe(0);
  });

  it('follows the §6 roles: the reconciliation roles work the queue, the others are refused', async () => {
    const item = (await queue(admin)).items[0]!;
    for (const email of ['viewer@demo.test', 'operator@demo.test']) {
      const who = await signInAs(app(), email);
      expect((await get(app(), who, '/api/v1/reconciliation/summary')).statusCode, email).toBe(403);
      expect((await resolve(who, item.id, 'mark_resolved')).statusCode, email).toBe(403);
      expect((await post(app(), who, '/api/v1/reconciliation/runs')).statusCode, email).toBe(403);
    }
    for (const email of ['cso@demo.test', 'finance@demo.test', 'manager@demo.test', 'hda@demo.test']) {
      expect((await get(app(), await signInAs(app(), email), '/api/v1/reconciliation/summary')).statusCode, email).toBe(200);
    }
  });

  it('assigns to a reconciliation user who may see the discrepancy, and filters the queue by assignee', async () => {
    const tenantWide = await openOf('registry_locked', 'AMOUNT_MISMATCH');
    const assign = (id: string, assigneeId: string | null) => post(app(), admin, `/api/v1/reconciliation/discrepancies/${id}/assign`, { assigneeId });
    // A company administrator cannot see a tenant-wide discrepancy, so cannot hold it.
    expect((await assign(tenantWide.id, companyAdmin.result.user.id)).json().error.reason).toBe('RECONCILIATION__ASSIGNEE_NOT_ALLOWED');
    const viewer = await signInAs(app(), 'viewer@demo.test');
    const mine = (await queue(companyAdmin)).items[0]!;
    expect((await assign(mine.id, viewer.result.user.id)).statusCode).toBe(400);
    const response = await assign(tenantWide.id, admin.result.user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(discrepancySchema.parse(response.json().data)).toMatchObject({ assigneeId: admin.result.user.id, assigneeName: expect.any(String) });
    expect((await queue(admin, '?assignedToMe=true')).items.map((item) => item.id)).toEqual([tenantWide.id]);
    expect((await queue(superAdmin, '?assignedToMe=true')).total).toBe(0);
    expect((await queue(admin, '?severity=MEDIUM')).items.every((item) => item.severity === 'MEDIUM')).toBe(true);
  });

  it("'run now' passes the tenant with its progress published live until completed", async () => {
    const emitted = vi.spyOn(app().live, 'emitToCompany');
    const response = await post(app(), companyAdmin, '/api/v1/reconciliation/runs');
    expect(response.statusCode, response.body).toBe(202);
    const run = reconciliationRunSchema.parse(response.json().data);
    expect(run.phase).toBe('queued');
    await vi.waitFor(
      async () => {
        const last = reconciliationSummarySchema.parse((await get(app(), companyAdmin, '/api/v1/reconciliation/summary')).json().data).lastRun;
        expect(last).toMatchObject({ id: run.id, phase: 'completed' });
      },
      { timeout: 20_000, interval: 200 },
    );
    const progress = emitted.mock.calls
      .filter(([, event]) => event === SERVER_EVENTS.reconciliationProgress)
      .map(([, , payload]) => reconciliationRunSchema.parse(payload));
    expect(progress.map((item) => item.phase)).toEqual(expect.arrayContaining(['queued', 'submissions', 'supplies', 'registry', 'recording', 'completed']));
    expect(progress.at(-1)).toMatchObject({ phase: 'completed', checked: progress.at(-1)!.total });
    expect(emitted.mock.calls.some(([target]) => target.companyId === companyAdmin.result.company.id)).toBe(true);
    emitted.mockRestore();
  });
});
