import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditTrailListSchema, LIST_COUNT_CAP, listWindowTexts } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';

// docs/lists.md: the trail counts within a window of LIST_COUNT_CAP entries and pages only inside it.
describe('GET /api/v1/audit/trail past the counting window', () => {
  let harness: TestApp;
  let admin: SignedIn;
  let companyAdmin: SignedIn;
  let operator: SignedIn;
  let otherTenant: SignedIn;
  /** The seeded entries are one a second, the newest a day ago. */
  const newestAt = new Date(Date.now() - 86_400_000);

  const get = (who: SignedIn, query: string) => harness.app.inject({ method: 'GET', url: `/api/v1/audit/trail${query}`, headers: who.headers });
  const list = async (who: SignedIn, query = '') => {
    const response = await get(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return auditTrailListSchema.parse(response.json().data);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await signInAs(harness.app, 'admin@demo.test');
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    operator = await signInAs(harness.app, 'operator@demo.test');
    otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'trailwindow')).email);
    // Entries written straight into the log (the list reads them; it does not check their chain): the
    // operator's wallet approvals, the older ones first, so that ids and instants agree.
    await harness.app.db.asSystem((tx) =>
      tx.execute(sql`
        insert into audit_log (tenant_id, actor_user_id, action, resource_type, resource_id, details, created_at, prev_hash, hash)
        select ${admin.result.tenant.id}::uuid, ${operator.result.user.id}::uuid, 'wallet.approved', 'company_wallet', 'wallet-' || g, '{}'::jsonb,
          ${newestAt.toISOString()}::timestamptz - g * interval '1 second', repeat('0', 64), md5(g::text) || md5(g::text)
        from generate_series(${LIST_COUNT_CAP + 100}::int, 1, -1) g`),
    );
  });
  afterAll(() => harness.close());

  it('says the count was capped past 10,000 entries, for the company officer and for the tenant', async () => {
    expect(await list(companyAdmin)).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, page: 1, pageSize: 25 });
    expect(await list(admin)).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
  });

  it('serves the last page within the window and refuses the next one with the validation envelope', async () => {
    expect((await list(companyAdmin, `?page=${LIST_COUNT_CAP / 25}`)).items).toHaveLength(25);
    const response = await get(companyAdmin, `?page=${LIST_COUNT_CAP / 25 + 1}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', fields: { page: [listWindowTexts.pageBeyondWindow] } } });
  });

  it('counts exactly again once the filters narrow the trail under the cap, combined', async () => {
    const to = newestAt.toISOString();
    const from = new Date(newestAt.getTime() - 100_000).toISOString();
    const lastHundred = await list(companyAdmin, `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&pageSize=100`);
    expect(lastHundred).toMatchObject({ total: 100, totalCapped: false });
    expect(lastHundred.items.every((entry) => entry.action === 'wallet.approved' && entry.actor?.id === operator.result.user.id)).toBe(true);
    const wallet7 = `?actorId=${operator.result.user.id}&action=wallet&resourceId=wallet-7&from=${encodeURIComponent(from)}`;
    expect(await list(companyAdmin, wallet7)).toMatchObject({ total: 1, totalCapped: false });
    const before = new Date(newestAt.getTime() - 50_000).toISOString();
    expect(await list(companyAdmin, `${wallet7}&to=${encodeURIComponent(before)}`)).toMatchObject({ total: 0, totalCapped: false });
  });

  it('keeps another tenant out of the count', async () => {
    const page = await list(otherTenant);
    expect(page.totalCapped).toBe(false);
    expect(page.total).toBeLessThan(50);
    expect(page.items.every((entry) => entry.actor?.id !== operator.result.user.id)).toBe(true);
  });
});
