import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-app';
import { pgErrorOf, type Database } from '../../db/database';
import { auditLog, tenants } from '../../db/schema';
import { recordAudit, verifyAuditChain } from './audit.service';

describe('audit trail', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let tenantId: string;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    tenantId = await database.asSystem(async (tx) => (await tx.insert(tenants).values({ name: 'Audit', slug: 'audit' }).returning())[0]!.id);
    for (const action of ['user.login', 'wallet.register', 'wallet.approve']) {
      await database.withTenant(tenantId, (tx) => recordAudit(tx, { tenantId, action, resourceType: 'test', details: { action, nested: { b: 1, a: 2 } } }));
    }
  });
  afterAll(() => drop());

  it('links each entry to the previous one and verifies clean', async () => {
    const rows = await database.withTenant(tenantId, (tx) => tx.select().from(auditLog).orderBy(auditLog.id));
    expect(rows).toHaveLength(3);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[2]!.prevHash).toBe(rows[1]!.hash);
    expect(await database.withTenant(tenantId, (tx) => verifyAuditChain(tx, tenantId))).toEqual({ valid: true, entries: 3 });
  });

  it('refuses updates and deletes, even from the schema owner', async () => {
    const failureOf = (work: Promise<unknown>) => work.then(() => 'no error', (error: unknown) => pgErrorOf(error)?.message);
    expect(await failureOf(database.asSystem((tx) => tx.update(auditLog).set({ action: 'forged' })))).toMatch(/append-only/);
    expect(await failureOf(database.asSystem((tx) => tx.delete(auditLog)))).toMatch(/append-only/);
    expect(await failureOf(database.withTenant(tenantId, (tx) => tx.delete(auditLog)))).toMatch(/permission denied/);
  });

  it('reports the first altered entry when the trail is tampered with behind its back', async () => {
    const rows = await database.withTenant(tenantId, (tx) => tx.select().from(auditLog).orderBy(auditLog.id));
    await database.asSystem(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await tx.update(auditLog).set({ details: { action: 'forged' } }).where(eq(auditLog.id, rows[1]!.id));
      await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    });
    const verification = await database.withTenant(tenantId, (tx) => verifyAuditChain(tx, tenantId));
    expect(verification).toMatchObject({ valid: false, brokenAtId: String(rows[1]!.id), reason: 'entry content was altered' });
  });
});
