import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_COUNT_CAP, listWindowTexts, retirementListSchema } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { copyTestCertificates, issueTestCertificate } from '../certificates/certificates.testing';
import { createRegistryTenant } from '../registry/registry.testing';

// docs/lists.md: the list counts within a window of LIST_COUNT_CAP retirements and pages only inside it.
describe('GET /api/v1/retirements past the counting window', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let otherTenant: SignedIn;
  let newest: string;

  const get = (who: SignedIn, query: string) => harness.app.inject({ method: 'GET', url: `/api/v1/retirements${query}`, headers: who.headers });
  const list = async (who: SignedIn, query = '') => {
    const response = await get(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return retirementListSchema.parse(response.json().data);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    const beta = await createRegistryTenant(harness.app.db, 'retirewindow');
    otherTenant = await signInAs(harness.app, beta.email);
    const { certificate } = await issueTestCertificate(harness.app, {
      tenantId: companyAdmin.result.tenant.id,
      companyId: companyAdmin.result.company.id,
      number: 'CLC-2026-RTWN0001',
    });
    newest = certificate.retirementId;
    await copyTestCertificates(harness.app, certificate, LIST_COUNT_CAP);
    // Three of the copies failed: a status that is rare among the company's retirements.
    await harness.app.db.asSystem((tx) =>
      tx.execute(
        sql`update retirements set status = 'failed' where certificate_number in ('CLC-2026-RTWN0001-5', 'CLC-2026-RTWN0001-50', 'CLC-2026-RTWN0001-5000')`,
      ),
    );
    await issueTestCertificate(harness.app, { tenantId: admin.result.tenant.id, companyId: admin.result.company.id, number: 'CLC-2026-RTPL0001' });
  });
  afterAll(() => harness.close());

  it('says the count was capped past 10,000 retirements, and keeps the first page newest first', async () => {
    const page = await list(companyAdmin);
    expect(page).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, page: 1, pageSize: 20 });
    expect(page.items).toHaveLength(20);
    expect(page.items[0]!.id).toBe(newest);
  });

  it('serves the last page within the window and refuses the next one with the validation envelope', async () => {
    expect((await list(companyAdmin, `?page=${LIST_COUNT_CAP / 50}&pageSize=50`)).items).toHaveLength(50);
    for (const query of [`?page=${LIST_COUNT_CAP / 50 + 1}&pageSize=50`, `?status=failed&page=${LIST_COUNT_CAP / 20 + 1}`]) {
      const response = await get(companyAdmin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', fields: { page: [listWindowTexts.pageBeyondWindow] } } });
    }
  });

  it('combines the status filter with the company scope and counts it exactly under the cap', async () => {
    const failed = await list(companyAdmin, '?status=failed');
    expect(failed).toMatchObject({ total: 3, totalCapped: false });
    expect(failed.items.map((item) => item.status)).toEqual(['failed', 'failed', 'failed']);
    // 10,001 retirements of which 3 failed: the completed ones are just under the cap, counted exactly.
    expect(await list(companyAdmin, '?status=completed')).toMatchObject({ total: LIST_COUNT_CAP - 2, totalCapped: false });
    expect(await list(admin, `?status=completed&companyId=${admin.result.company.id}`)).toMatchObject({ total: 1, totalCapped: false });
  });

  it('keeps the company scope and the tenant: a company officer cannot widen it, another tenant sees nothing', async () => {
    expect(await list(companyAdmin, `?companyId=${admin.result.company.id}`)).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(await list(admin)).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(await list(otherTenant)).toMatchObject({ total: 0, totalCapped: false, items: [] });
  });
});
