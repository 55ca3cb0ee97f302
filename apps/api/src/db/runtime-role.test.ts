import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openEmbeddedChain } from '@carbonledger/chain';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { openDatabase, APP_ROLE, SYSTEM_ROLE } from './database';
import { auditAnchors, auditLog, tenants } from './schema';
import { DEMO_TENANT_SLUG, DEMO_USERS } from './seed';
import { signInAs } from '../modules/auth/auth.testing';
import { requestAnchorPass } from '../modules/audit';
import { createTenantThroughApi } from '../modules/tenants/tenants.testing';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * The product run as CI and a production setup would: migrations by the superuser
 * (DATABASE_URL), then everything else on a login role that is neither superuser nor owner
 * (DATABASE_APP_URL). PGlite has one in-process superuser by construction: nothing to test there.
 */
describe.skipIf(!serverUrl)('the product on a runtime role (DATABASE_APP_URL)', () => {
  const suffix = randomBytes(6).toString('hex');
  const databaseName = `cl_runtime_${suffix}`;
  const roleName = `cl_runtime_${suffix}`;
  const password = randomBytes(12).toString('hex');
  let admin: pg.Client;
  let ownerUrl: string;
  let appUrl: string;
  let app: App | undefined;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const owner = new URL(serverUrl!);
    owner.pathname = `/${databaseName}`;
    ownerUrl = owner.toString();
    // The roles the login role joins are created by the migrations (cluster-wide, so they may already exist).
    await (await openDatabase({ kind: 'postgres', url: ownerUrl })).close();
    await admin.query(`CREATE ROLE ${roleName} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB PASSWORD '${password}' IN ROLE ${APP_ROLE}, ${SYSTEM_ROLE}`);
    const runtime = new URL(ownerUrl);
    runtime.username = roleName;
    runtime.password = password;
    appUrl = runtime.toString();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: ownerUrl,
      DATABASE_APP_URL: appUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      DATA_DIR: `/tmp/${databaseName}`,
      WEB_DIST_DIR: '/nonexistent',
      TRUST_PROXY: 'loopback',
    });
    app = await buildApp(config, { logger: false, chain: openEmbeddedChain({ snapshotPath: null }) });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${roleName}`);
    await admin.end();
  });

  /** The login roles of the sessions on the product's database, once the owner's start-up ones have gone idle. */
  const sessionRoles = async () => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const { rows } = await admin.query<{ usename: string }>('select distinct usename from pg_stat_activity where datname = $1', [databaseName]);
      if (rows.length === 1 || Date.now() > deadline) return rows.map((row) => row.usename);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('works: sign-in, an audited action, a job that anchors the trail, with no owner session left', async () => {
    expect(await sessionRoles()).toEqual([roleName]);
    const { headers } = await signInAs(app!, DEMO_USERS.find((user) => user.role === 'ADMIN')!.email);
    const tenantId = await app!.db.asSystem(async (tx) => (await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, DEMO_TENANT_SLUG)))[0]!.id);
    const entries = () => app!.db.withTenant(tenantId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id));
    const before = (await entries()).length;
    const updated = await app!.inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers, payload: { jobTitle: 'Auditor of the auditors' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await entries()).slice(before).map((entry) => entry.action)).toContain('user.profile_updated');

    await requestAnchorPass(app!);
    const deadline = Date.now() + 30_000;
    while ((await app!.db.withTenant(tenantId, (tx) => tx.select().from(auditAnchors))).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const verified = await app!.inject({ method: 'GET', url: '/api/v1/audit/verify', headers });
    expect(verified.json().data).toMatchObject({
      valid: true,
      brokenLink: null,
      missingTail: null,
      anchors: [expect.objectContaining({ status: 'verified' })],
    });
    expect(await sessionRoles()).toEqual([roleName]);
  }, 60_000);

  it("creates a tenant (system work for its row, then the new tenant's role-level-security work) on that connection", async () => {
    const superadmin = await signInAs(app!, DEMO_USERS.find((user) => user.role === 'SUPER_ADMIN')!.email);
    const created = await createTenantThroughApi(app!, superadmin, `runtime-${suffix}`);
    const trail = await app!.db.withTenant(created.tenant.id, (tx) => tx.select({ action: auditLog.action }).from(auditLog));
    expect(trail.map((entry) => entry.action)).toEqual(expect.arrayContaining(['tenant.created', 'company.created', 'user.created']));
    expect(await sessionRoles()).toEqual([roleName]);
  }, 60_000);

  it.each([
    ['ALTER TABLE audit_log DISABLE TRIGGER ALL', /must be owner/],
    [
      'CREATE OR REPLACE FUNCTION audit_log_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$',
      /permission denied|must be owner/,
    ],
    ['SET session_replication_role = replica', /permission denied/],
    ['TRUNCATE audit_log', /permission denied/],
    ['DELETE FROM audit_log', /permission denied/],
    ['UPDATE audit_anchors SET head_hash = head_hash', /permission denied/],
    ['DROP TRIGGER audit_log_append_only ON audit_log', /must be owner/],
    ['SET ROLE postgres', /permission denied/],
    [`ALTER ROLE ${SYSTEM_ROLE} SUPERUSER`, /must be superuser/],
  ])('refuses %s on that connection, as the login role and as the system role', async (statement, refusal) => {
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    try {
      for (const role of [null, SYSTEM_ROLE]) {
        await client.query('BEGIN');
        if (role) await client.query(`SET LOCAL ROLE ${role}`);
        // 42501: insufficient privilege, whichever check refuses first.
        await expect(client.query(statement), `${statement} as ${role ?? roleName}`).rejects.toMatchObject({
          code: '42501',
          message: expect.stringMatching(refusal),
        });
        await client.query('ROLLBACK');
      }
    } finally {
      await client.end();
    }
  });
});
