import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateListSchema, LIST_COUNT_CAP, listWindowTexts } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { copyTestCertificates, issueTestCertificate } from './certificates.testing';

// docs/lists.md: the list counts within a window of LIST_COUNT_CAP certificates and pages only inside it.
describe('GET /api/v1/certificates past the counting window', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let otherTenant: SignedIn;
  let newest: string;

  const get = (who: SignedIn, query: string) => harness.app.inject({ method: 'GET', url: `/api/v1/certificates${query}`, headers: who.headers });
  const list = async (who: SignedIn, query = '') => {
    const response = await get(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return certificateListSchema.parse(response.json().data);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    const beta = await createRegistryTenant(harness.app.db, 'certwindow');
    otherTenant = await signInAs(harness.app, beta.email);
    const { certificate } = await issueTestCertificate(harness.app, {
      tenantId: companyAdmin.result.tenant.id,
      companyId: companyAdmin.result.company.id,
      number: 'CLC-2026-WNDW0001',
    });
    newest = certificate.number;
    await copyTestCertificates(harness.app, certificate, LIST_COUNT_CAP);
    await issueTestCertificate(harness.app, { tenantId: admin.result.tenant.id, companyId: admin.result.company.id, number: 'CLC-2026-PLAT0001' });
  });
  afterAll(() => harness.close());

  it('says the count was capped past 10,000 certificates, and keeps the first page newest first', async () => {
    const page = await list(companyAdmin);
    expect(page).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, page: 1, pageSize: 20 });
    expect(page.items).toHaveLength(20);
    expect(page.items[0]!.number).toBe(newest);
  });

  it('serves the last page within the window and refuses the next one with the validation envelope', async () => {
    const last = await list(companyAdmin, `?page=${LIST_COUNT_CAP / 20}&pageSize=20`);
    expect(last.items).toHaveLength(20);
    expect(last.items.at(-1)!.number).toBe(`${newest}-${LIST_COUNT_CAP - 1}`);
    for (const query of [`?page=${LIST_COUNT_CAP / 20 + 1}&pageSize=20`, `?page=${LIST_COUNT_CAP / 100 + 1}&pageSize=100`, '?page=1000000']) {
      const response = await get(companyAdmin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', fields: { page: [listWindowTexts.pageBeyondWindow] } } });
    }
  });

  it('counts exactly again once the search narrows the list under the cap', async () => {
    const page = await list(companyAdmin, '?search=WNDW0001-999');
    expect(page).toMatchObject({ total: 11, totalCapped: false });
  });

  it('keeps the company scope and the tenant: administrators count the tenant or one company, another tenant nothing', async () => {
    expect(await list(admin)).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(await list(admin, `?companyId=${admin.result.company.id}`)).toMatchObject({ total: 1, totalCapped: false });
    expect((await get(companyAdmin, `?companyId=${admin.result.company.id}`)).statusCode).toBe(403);
    expect(await list(otherTenant)).toMatchObject({ total: 0, totalCapped: false, items: [] });
  });
});
