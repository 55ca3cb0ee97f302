import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app';
import { signInAs } from '../modules/auth/auth.testing';
import { createTenantThroughApi } from '../modules/tenants/tenants.testing';
import { APP_ROLE, pgErrorOf, rowsOf, type Database } from './database';
import { companies, tenants, users } from './schema';

/** Two tenants made the way the product makes them (POST /tenants by the platform's SUPER_ADMIN), then read and written under row-level security. */
describe('tenant isolation by row-level security', () => {
  let harness: TestApp;
  let database: Database;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    harness = await createTestApp();
    database = harness.app.db;
    const superadmin = await signInAs(harness.app, 'superadmin@demo.test');
    const company = (name: string) => ({
      name: `${name} Corp`,
      legalName: `${name} Corp Ltd.`,
      taxId: '11.222.333/0001-81',
      country: 'BR',
      address: { line1: '1 Main St', city: 'Recife' },
    });
    const [a, b] = [
      await createTenantThroughApi(harness.app, superadmin, 'alpha', {
        name: 'Alpha',
        company: company('Alpha'),
        administrator: { email: 'owner@alpha.test', firstName: 'Alpha', lastName: 'Owner' },
      }),
      await createTenantThroughApi(harness.app, superadmin, 'beta', {
        name: 'Beta',
        company: company('Beta'),
        administrator: { email: 'owner@beta.test', firstName: 'Beta', lastName: 'Owner' },
      }),
    ];
    tenantA = a.tenant.id;
    tenantB = b.tenant.id;
  });
  afterAll(() => harness.close());

  it('shows a tenant only its own rows', async () => {
    const seen = await database.withTenant(tenantA, async (tx) => ({
      tenants: await tx.select().from(tenants),
      companies: await tx.select().from(companies),
      users: await tx.select().from(users),
    }));
    expect(seen.tenants.map((t) => t.name)).toEqual(['Alpha']);
    expect(seen.companies.map((c) => c.name)).toEqual(['Alpha Corp']);
    expect(seen.users.map((u) => u.email)).toEqual(['owner@alpha.test']);
  });

  it("keeps the new tenants' companies out of another tenant's answers", async () => {
    const admin = await signInAs(harness.app, 'admin@demo.test');
    const names = (await harness.app.inject({ url: '/api/v1/companies', headers: admin.headers }))
      .json<{ data: { name: string }[] }>()
      .data.map((company) => company.name);
    expect(names).not.toEqual(expect.arrayContaining(['Alpha Corp']));
    expect(names).not.toEqual(expect.arrayContaining(['Beta Corp']));
  });

  it("cannot read another tenant's row even by its id", async () => {
    const betaUser = await database.asSystem((tx) => tx.select().from(users).where(eq(users.tenantId, tenantB)));
    const found = await database.withTenant(tenantA, (tx) => tx.select().from(users).where(eq(users.id, betaUser[0]!.id)));
    expect(found).toEqual([]);
  });

  it('sees no rows at all without a tenant context', async () => {
    const counts = await database.asSystem(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      const result = await tx.execute<{ n: number }>(sql`select (select count(*) from users)::int + (select count(*) from companies)::int as n`);
      return rowsOf<{ n: number }>(result)[0]!.n;
    });
    expect(counts).toBe(0);
  });

  it('refuses to write a row into another tenant', async () => {
    const write = database.withTenant(tenantA, async (tx) => {
      await tx.insert(companies).values({ tenantId: tenantB, name: 'Smuggled' });
    });
    const error = await write.catch((e: unknown) => e);
    expect(pgErrorOf(error)?.message).toMatch(/row-level security/);
  });

  it('cannot change or delete rows of another tenant', async () => {
    await database.withTenant(tenantA, async (tx) => {
      await tx.update(users).set({ firstName: 'Hacked' }).where(eq(users.tenantId, tenantB));
      await tx.delete(users).where(eq(users.tenantId, tenantB));
    });
    const beta = await database.withTenant(tenantB, (tx) => tx.select().from(users));
    expect(beta.map((u) => u.firstName)).toEqual(['Beta']);
  });

  it('runs tenant work as a role that is neither superuser nor exempt from RLS', async () => {
    const role = await database.withTenant(
      tenantA,
      async (tx) =>
        rowsOf<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean }>(
          await tx.execute(sql`select current_user, rolsuper, rolbypassrls from pg_roles where rolname = current_user`),
        )[0],
    );
    expect(role).toEqual({ current_user: APP_ROLE, rolsuper: false, rolbypassrls: false });
  });
});
