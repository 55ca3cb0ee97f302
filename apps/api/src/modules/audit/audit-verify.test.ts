import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { getBase58Decoder } from '@solana/kit';
import { ROLES, auditTexts, auditVerificationSchema, type Role } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Tx } from '../../db/database';
import { auditAnchors, auditLog, tenants } from '../../db/schema';
import { DEMO_TENANT_SLUG, DEMO_USERS } from '../../db/seed';
import { signInAs } from '../auth/auth.testing';
import { recordAudit } from './audit.service';
import { anchorTenantHead } from './audit-anchors.service';
import { verifyTenantAudit, type VerifyDeps } from './audit-verify.service';
import { runAuditVerify } from './audit-verify.report';

let harness: TestApp;
let deps: VerifyDeps;

beforeAll(async () => {
  harness = await createTestApp();
  deps = { db: harness.app.db, chain: harness.app.chain };
});
afterAll(() => harness.close());

/** A tenant of its own per test, so one test's tampering does not leak into another's report. */
async function tenantWithEntries(count: number): Promise<{ tenantId: string; entryIds: bigint[] }> {
  const { db } = harness.app;
  const tenantId = await db.asSystem(
    async (tx) =>
      (
        await tx
          .insert(tenants)
          .values({ name: 'Audit', slug: `audit-${randomUUID()}` })
          .returning()
      )[0]!.id,
  );
  const entryIds: bigint[] = [];
  for (let i = 0; i < count; i++) entryIds.push(await record(tenantId, `test.${i}`));
  return { tenantId, entryIds };
}

/** The chain covers every entry alike: any recorded action does, the label tells the entries apart. */
async function record(tenantId: string, label: string): Promise<bigint> {
  return (await harness.app.db.withTenant(tenantId, (tx) => recordAudit(tx, { tenantId, action: 'auth.logout', resourceType: 'test', details: { label } }))).id;
}

async function anchor(tenantId: string) {
  const row = await anchorTenantHead({ context: harness.app.chainContext, log: harness.app.log }, tenantId);
  expect(row).not.toBeNull();
  return row!;
}

/** What a database superuser can do: switch the append-only trigger off, change rows, switch it on again. */
async function asSuperuserBehindTrigger(table: 'audit_log' | 'audit_anchors', work: (tx: Tx) => Promise<unknown>) {
  const trigger = table === 'audit_log' ? sql`audit_log_append_only` : sql`audit_anchors_append_only`;
  await harness.app.db.asSystem(async (tx) => {
    await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger ${trigger}`);
    await work(tx);
    await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger ${trigger}`);
  });
}

describe('audit verification', () => {
  it('reports an intact trail with every anchor read back from the chain', async () => {
    const { tenantId } = await tenantWithEntries(3);
    await anchor(tenantId);
    await record(tenantId, 'test.more');
    const last = await anchor(tenantId);

    const report = await verifyTenantAudit(deps, tenantId);
    expect(report).toMatchObject({
      valid: true,
      entries: 4,
      brokenLink: null,
      missingTail: null,
      head: { entryId: String(last.lastEntryId), hash: last.headHash },
    });
    expect(report.anchors.map((check) => [check.entryCount, check.recorded, check.status])).toEqual([
      [3, true, 'verified'],
      [4, true, 'verified'],
    ]);
  });

  it('detects the newest entries deleted behind the trigger through the last anchor, although the chain itself still links', async () => {
    const { tenantId, entryIds } = await tenantWithEntries(4);
    const last = await anchor(tenantId);
    await asSuperuserBehindTrigger('audit_log', (tx) => tx.delete(auditLog).where(and(eq(auditLog.tenantId, tenantId), gt(auditLog.id, entryIds[1]!))));

    const report = await verifyTenantAudit(deps, tenantId);
    expect(report).toMatchObject({ valid: false, entries: 2, brokenLink: null });
    expect(report.missingTail).toEqual({
      anchorSignature: last.signature,
      anchoredEntryId: String(entryIds[3]),
      anchoredEntryCount: 4,
      entriesUpToAnchor: 2,
      reason: auditTexts.missingTail,
    });
    expect(report.anchors[0]).toMatchObject({ status: 'entries_deleted', recorded: true });
  });

  it('still detects it when the anchor rows were deleted too and new entries were anchored since: the memo is found on chain', async () => {
    const { tenantId, entryIds } = await tenantWithEntries(3);
    const first = await anchor(tenantId);
    await asSuperuserBehindTrigger('audit_log', (tx) => tx.delete(auditLog).where(and(eq(auditLog.tenantId, tenantId), gt(auditLog.id, entryIds[0]!))));
    await asSuperuserBehindTrigger('audit_anchors', (tx) => tx.delete(auditAnchors).where(eq(auditAnchors.tenantId, tenantId)));
    await record(tenantId, 'test.after-tampering');
    await anchor(tenantId);

    const report = await verifyTenantAudit(deps, tenantId);
    expect(report).toMatchObject({ valid: false, brokenLink: null });
    expect(report.anchors.map((check) => [check.signature === first.signature, check.recorded, check.status])).toEqual([
      [true, false, 'entries_deleted'],
      [false, true, 'verified'],
    ]);
  });

  it('goes by the memo on chain when the anchor row was rewritten to match a shortened trail', async () => {
    const { tenantId, entryIds } = await tenantWithEntries(3);
    const last = await anchor(tenantId);
    const firstHash = await harness.app.db.withTenant(tenantId, async (tx) => (await tx.select().from(auditLog).where(eq(auditLog.id, entryIds[0]!)))[0]!.hash);
    await asSuperuserBehindTrigger('audit_log', (tx) => tx.delete(auditLog).where(and(eq(auditLog.tenantId, tenantId), gt(auditLog.id, entryIds[0]!))));
    await asSuperuserBehindTrigger('audit_anchors', (tx) =>
      tx.update(auditAnchors).set({ lastEntryId: entryIds[0]!, entryCount: 1n, headHash: firstHash }).where(eq(auditAnchors.id, last.id)),
    );

    const report = await verifyTenantAudit(deps, tenantId);
    expect(report).toMatchObject({
      valid: false,
      brokenLink: null,
      missingTail: { anchorSignature: last.signature, anchoredEntryId: String(entryIds[2]), anchoredEntryCount: 3, entriesUpToAnchor: 1 },
    });
    expect(report.anchors).toMatchObject([{ signature: last.signature, entryId: String(entryIds[2]), status: 'memo_differs' }]);
  });

  it('names an altered entry by its id', async () => {
    const { tenantId, entryIds } = await tenantWithEntries(3);
    await anchor(tenantId);
    await asSuperuserBehindTrigger('audit_log', (tx) =>
      tx
        .update(auditLog)
        .set({ details: { action: 'forged' } })
        .where(eq(auditLog.id, entryIds[1]!)),
    );

    const report = await verifyTenantAudit(deps, tenantId);
    expect(report).toMatchObject({ valid: false, brokenLink: { entryId: String(entryIds[1]), reason: auditTexts.brokenLink.altered } });
  });

  it('reports an anchor row whose memo on chain differs, and one whose transaction is not on chain', async () => {
    const { tenantId, entryIds } = await tenantWithEntries(2);
    const altered = await anchor(tenantId);
    await asSuperuserBehindTrigger('audit_anchors', (tx) =>
      tx.update(auditAnchors).set({ entryCount: 1n, lastEntryId: entryIds[0]! }).where(eq(auditAnchors.id, altered.id)),
    );
    const invented = getBase58Decoder().decode(randomBytes(64));
    await harness.app.db.asSystem((tx) =>
      tx.insert(auditAnchors).values({ tenantId, lastEntryId: entryIds[1]!, entryCount: 2n, headHash: altered.headHash, signature: invented }),
    );

    const report = await verifyTenantAudit(deps, tenantId);
    expect(report.valid).toBe(false);
    expect(report.anchors.find((check) => check.signature === altered.signature)).toMatchObject({
      status: 'memo_differs',
      problem: auditTexts.anchor.memoDiffers,
    });
    expect(report.anchors.find((check) => check.signature === invented)).toMatchObject({ status: 'not_on_chain', problem: auditTexts.anchor.notOnChain });
  });

  it('the command-line report exits non-zero and names the tampered tenant while intact tenants read intact', async () => {
    const lines: string[] = [];
    const code = await runAuditVerify(deps, (line) => lines.push(line));
    expect(code).toBe(1);
    expect(lines.some((line) => /^tenant .*: TAMPERED/.test(line))).toBe(true);
    expect(lines.some((line) => /^tenant .*: intact/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes(`${auditTexts.missingTail}: anchor`))).toBe(true);
  });
});

describe('GET /api/v1/audit/verify', () => {
  const get = (headers: Record<string, string> = {}) => harness.app.inject({ method: 'GET', url: '/api/v1/audit/verify', headers });
  const headersOf = async (role: Role) => (await signInAs(harness.app, DEMO_USERS.find((user) => user.role === role)!.email)).headers;

  it('answers platform administrators with the report in the envelope, and refuses every other role', async () => {
    expect((await get()).statusCode).toBe(401);
    for (const role of ROLES) {
      const response = await get(await headersOf(role));
      if (role === 'ADMIN' || role === 'SUPER_ADMIN') {
        expect(response.statusCode, role).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ success: true, message: auditTexts.intact, data: { valid: true, brokenLink: null, missingTail: null } });
        expect(auditVerificationSchema.parse(body.data).entries).toBeGreaterThan(0);
      } else {
        expect(response.statusCode, role).toBe(403);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'ACCESS_DENIED' } });
      }
    }
  });

  it("reports the caller's tenant tampered with, naming the altered entry", async () => {
    const tenantId = await harness.app.db.asSystem(
      async (tx) => (await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, DEMO_TENANT_SLUG)))[0]!.id,
    );
    const entryId = await record(tenantId, 'test.to-alter');
    await record(tenantId, 'test.after');
    await asSuperuserBehindTrigger('audit_log', (tx) => tx.update(auditLog).set({ action: 'test.forged' }).where(eq(auditLog.id, entryId)));

    const body = (await get(await headersOf('SUPER_ADMIN'))).json();
    expect(body).toMatchObject({
      success: true,
      message: auditTexts.tampered,
      data: { tenantId, valid: false, brokenLink: { entryId: String(entryId), reason: auditTexts.brokenLink.altered } },
    });
  });
});
