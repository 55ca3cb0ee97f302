import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-app';
import { APP_ROLE, pgErrorOf, rowsOf, type Database } from '../../db/database';
import { auditLog, tenants } from '../../db/schema';
import { recordAudit, verifyAuditChain } from './audit.service';

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => 'no error',
    (error: unknown) => pgErrorOf(error)?.message,
  );

describe('audit trail', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let tenantId: string;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    tenantId = await database.asSystem(async (tx) => (await tx.insert(tenants).values({ name: 'Audit', slug: 'audit' }).returning())[0]!.id);
    for (const action of ['auth.logout', 'wallet.registered', 'wallet.approved'] as const) {
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
    expect(await failureOf(database.asSystem((tx) => tx.update(auditLog).set({ action: 'forged' })))).toMatch(/append-only/);
    expect(await failureOf(database.asSystem((tx) => tx.delete(auditLog)))).toMatch(/append-only/);
    expect(await failureOf(database.withTenant(tenantId, (tx) => tx.delete(auditLog)))).toMatch(/permission denied/);
  });

  it('refuses TRUNCATE for the application role and for the schema owner, also through a cascade', async () => {
    expect(await failureOf(database.withTenant(tenantId, (tx) => tx.execute(sql`truncate audit_log`)))).toMatch(/permission denied/);
    expect(await failureOf(database.asSystem((tx) => tx.execute(sql`truncate audit_log`)))).toMatch(/append-only/);
    expect(await failureOf(database.asSystem((tx) => tx.execute(sql`truncate tenants cascade`)))).toMatch(/append-only/);
    expect(await failureOf(database.asSystem((tx) => tx.execute(sql`truncate audit_anchors`)))).toMatch(/append-only/);
    expect(await database.withTenant(tenantId, async (tx) => (await tx.select().from(auditLog)).length)).toBe(3);
  });

  it('gives the application role no way around the triggers: not superuser, not owner, no replication role', async () => {
    const [role] = await database.asSystem(async (tx) =>
      rowsOf<{ rolsuper: boolean; rolbypassrls: boolean; owns_audit: boolean; can_truncate: boolean }>(
        await tx.execute(sql`
          select r.rolsuper, r.rolbypassrls,
            exists (select from pg_tables t where t.tablename in ('audit_log', 'audit_anchors') and t.tableowner = r.rolname) as owns_audit,
            has_table_privilege(r.rolname, 'audit_log', 'TRUNCATE') or has_table_privilege(r.rolname, 'audit_anchors', 'TRUNCATE') as can_truncate
          from pg_roles r where r.rolname = ${APP_ROLE}`),
      ),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owns_audit: false, can_truncate: false });
    // session_replication_role = replica would silence every trigger; only a superuser may set it.
    expect(await failureOf(database.withTenant(tenantId, (tx) => tx.execute(sql`set local session_replication_role = replica`)))).toMatch(/permission denied/);
    expect(await failureOf(database.withTenant(tenantId, (tx) => tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`)))).toMatch(
      /must be owner/,
    );
  });

  it('reports the first altered entry when the trail is tampered with behind its back', async () => {
    const rows = await database.withTenant(tenantId, (tx) => tx.select().from(auditLog).orderBy(auditLog.id));
    await database.asSystem(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await tx
        .update(auditLog)
        .set({ details: { action: 'forged' } })
        .where(eq(auditLog.id, rows[1]!.id));
      await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    });
    const verification = await database.withTenant(tenantId, (tx) => verifyAuditChain(tx, tenantId));
    expect(verification).toMatchObject({ valid: false, brokenAtId: String(rows[1]!.id), reason: 'entry content was altered' });
  });
});
