import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Signature } from '@solana/kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditAnchors, tenants } from '../../db/schema';
import { DEMO_TENANT_SLUG } from '../../db/seed';
import { findPlatformKey } from '../chain';
import { chainHead, countEntriesUpTo, type AuditAnchorRow } from './audit.repository';
import { recordAudit } from './audit.service';
import { anchorDueHeads, type AnchorDeps } from './audit-anchors.service';
import { requestAnchorPass } from './audit.jobs';

let harness: TestApp;
let tenantId: string;
let deps: AnchorDeps;

beforeAll(async () => {
  harness = await createTestApp();
  const { app } = harness;
  tenantId = await app.db.asSystem(async (tx) => (await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, DEMO_TENANT_SLUG)))[0]!.id);
  deps = { context: app.chainContext, intervalMinutes: 10, log: app.log };
});
afterAll(() => harness.close());

const record = (label: string) =>
  harness.app.db.withTenant(tenantId, (tx) => recordAudit(tx, { tenantId, action: 'auth.logout', resourceType: 'test', details: { label } }));
const anchorRows = () => harness.app.db.withTenant(tenantId, (tx) => tx.select().from(auditAnchors).orderBy(auditAnchors.id));

async function waitForAnchors(count: number): Promise<AuditAnchorRow[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await anchorRows();
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('audit anchoring', () => {
  it('a job pass writes the tenant chain head in a memo the issuer key signed, and records its signature', async () => {
    await record('test.before-anchor');
    await requestAnchorPass(harness.app);
    const [anchor] = await waitForAnchors(1);
    expect(anchor).toBeDefined();

    const { head, count, issuer } = await harness.app.db.withTenant(tenantId, async (tx) => {
      const current = (await chainHead(tx, tenantId))!;
      return { head: current, count: await countEntriesUpTo(tx, tenantId, current.entryId), issuer: (await findPlatformKey(tx, tenantId, 'issuer'))!.address };
    });
    expect(anchor).toMatchObject({ tenantId, lastEntryId: head.entryId, entryCount: BigInt(count), headHash: head.hash });

    const transaction = await harness.app.chain.getTransaction(anchor!.signature as Signature);
    expect(transaction).toMatchObject({ err: null, memos: [`carbonledger:audit-anchor:v1:${tenantId}:${head.entryId}:${count}:${head.hash}`] });
    expect(transaction!.accountKeys[0]).toBe(issuer);
  });

  it('anchors again only when the head moved and its oldest unanchored entry waited the interval', async () => {
    const before = (await anchorRows()).length;
    expect(await anchorDueHeads(deps, { now: minutesFromNow(60) })).toBe(0);

    await record('test.after-anchor');
    expect(await anchorDueHeads(deps, { now: minutesFromNow(9) })).toBe(0);
    expect(await anchorDueHeads(deps, { now: minutesFromNow(11) })).toBe(1);
    expect(await anchorDueHeads(deps, { now: minutesFromNow(60) })).toBe(0);

    const rows = await anchorRows();
    expect(rows).toHaveLength(before + 1);
    const head = await harness.app.db.withTenant(tenantId, (tx) => chainHead(tx, tenantId));
    expect(rows.at(-1)).toMatchObject({ lastEntryId: head!.entryId, headHash: head!.hash });
  });
});
