import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  SERVER_EVENTS,
  companyTexts,
  type CompanyCreated,
  type CompanyListItem,
  type CompanyProfile,
  type CreateCompanyRequest,
} from '@carbonledger/contracts';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createTenantThroughApi } from '../tenants/tenants.testing';

let harness: TestApp;
let superadmin: SignedIn;
let admin: SignedIn;
let companyAdmin: SignedIn;
let cso: SignedIn;
let viewer: SignedIn;
let platformCompanyId: string;

beforeAll(async () => {
  harness = await createTestApp();
  superadmin = await signInAs(harness.app, 'superadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  cso = await signInAs(harness.app, 'cso@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
  platformCompanyId = admin.result.company.id;
});
afterAll(() => harness.close());

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, who: SignedIn, payload?: object) =>
  harness.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload });

function onboarding(name: string, taxId: string, extra: Partial<CreateCompanyRequest> = {}): CreateCompanyRequest {
  return {
    name,
    legalName: `${name} S.A.`,
    taxId,
    country: 'BR',
    address: { line1: 'Rua Augusta, 500', city: 'São Paulo' },
    contact: { name: 'Rita Lima', email: 'rita@example.com', website: 'https://example.com' },
    ...extra,
  };
}

async function onboard(request: CreateCompanyRequest): Promise<CompanyCreated> {
  const response = await inject('POST', '/companies', admin, request);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: CompanyCreated }>().data;
}

describe('onboarding a company', () => {
  it('lets a platform administrator onboard a company and invite its first administrator, audited and announced', async () => {
    const announced = vi.spyOn(harness.app.live, 'emitToCompany');
    const response = await inject('POST', '/companies', admin, {
      ...onboarding('Azul Logistica', '98.765.432/0001-10'),
      administrator: { email: 'boss@azul.test', firstName: 'Bia', lastName: 'Azul' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(companyTexts.created);
    const created = response.json<{ data: CompanyCreated }>().data;
    expect(created.company).toMatchObject({
      name: 'Azul Logistica',
      legalName: 'Azul Logistica S.A.',
      taxId: '98.765.432/0001-10',
      kycStatus: 'not_started',
      userCount: 1,
    });
    expect(created.company.contact).toEqual({ name: 'Rita Lima', email: 'rita@example.com', phone: null, website: 'https://example.com' });
    expect(created.administrator).toMatchObject({ email: 'boss@azul.test', status: 'pending_verification' });
    expect(announced).toHaveBeenCalledWith({ tenantId: admin.result.tenant.id, companyId: created.company.id }, SERVER_EVENTS.companyUpdate, {
      companyId: created.company.id,
    });

    const listed = (await inject('GET', '/companies?search=azul', admin)).json<{ data: CompanyListItem[] }>().data;
    expect(listed.map((company) => company.name)).toEqual(['Azul Logistica']);
    expect(listed[0]).toMatchObject({ userCount: 1, wallets: { total: 0, operational: 0, pending: 0 } });
    const audit = await harness.app.db.withTenant(admin.result.tenant.id, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.resourceId, created.company.id)),
    );
    expect(audit.map((entry) => [entry.action, entry.actorUserId])).toEqual([['company.created', admin.result.user.id]]);
  });

  it.each([
    ['COMPANY_ADMIN', () => companyAdmin],
    ['CSO', () => cso],
    ['VIEWER', () => viewer],
  ])('refuses %s with 403', async (_role, who) => {
    const response = await inject('POST', '/companies', who(), onboarding('Not Made', '11.111.111/0001-11'));
    expect(response.statusCode).toBe(403);
  });

  it('keeps tax IDs unique in the tenant, however they are punctuated', async () => {
    await onboard(onboarding('First Tax', '22.333.444/0001-55'));
    const again = await inject('POST', '/companies', admin, onboarding('Second Tax', '22333444000155'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('COMPANY__TAX_ID_TAKEN');
  });

  it('allows the same tax ID in another tenant, which it cannot see', async () => {
    const other = await createTenantThroughApi(harness.app, superadmin, 'tax-elsewhere');
    expect(other.company.taxId).toBe('11.222.333/0001-81');
    expect((await onboard(onboarding('Same Tax Here', '11.222.333/0001-81'))).company.taxId).toBe('11.222.333/0001-81');
  });

  it.each([
    ['a tax ID of the wrong shape for the country', { taxId: '12345' }, 'taxId', companyTexts.taxIdInvalid],
    ['a US company with a Brazilian tax ID', { country: 'US', taxId: '12.345.678/0001-90' }, 'taxId', companyTexts.taxIdInvalid],
    ['a NUL byte in the name', { name: 'Evil\u0000Co' }, 'name', undefined],
    ['a 1 MB legal name', { legalName: 'x'.repeat(1024 * 1024 - 4000) }, 'legalName', undefined],
    ['a country that is not ISO', { country: 'Brazil' }, 'country', companyTexts.countryInvalid],
    ['a javascript: website', { contact: { website: 'javascript:alert(1)' } }, 'contact.website', companyTexts.websiteInvalid],
  ])('answers 400 for %s', async (_case, override, field, text) => {
    const response = await inject('POST', '/companies', admin, { ...onboarding('Bad Input', '33.444.555/0001-66'), ...override });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ error: { fields: Record<string, string[]> } }>().error.fields;
    expect(Object.keys(fields)).toContain(field);
    if (text) expect(fields[field]).toContain(text);
  });
});

describe('company scope', () => {
  let other: CompanyCreated;
  beforeAll(async () => {
    other = await onboard({
      ...onboarding('Scope Other', '44.555.666/0001-77'),
      administrator: { email: 'admin@scope-other.test', firstName: 'S', lastName: 'O' },
    });
  });

  it('lists every company of the tenant for administrators, only its own for everyone else', async () => {
    const all = (await inject('GET', '/companies', admin)).json<{ data: CompanyListItem[] }>().data.map((company) => company.id);
    expect(all).toEqual(expect.arrayContaining([companyAdmin.result.company.id, platformCompanyId, other.company.id]));
    for (const who of [companyAdmin, cso, viewer]) {
      expect((await inject('GET', '/companies', who)).json<{ data: CompanyListItem[] }>().data.map((company) => company.id)).toEqual([
        companyAdmin.result.company.id,
      ]);
    }
  });

  it("lets a COMPANY_ADMIN read its own company's profile and members, not another's (403)", async () => {
    const own = await inject('GET', `/companies/${companyAdmin.result.company.id}`, companyAdmin);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: CompanyProfile }>().data.members.map((member) => member.email)).toContain('viewer@demo.test');
    const foreign = await inject('GET', `/companies/${other.company.id}`, companyAdmin);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Scope Other');
    expect((await inject('PATCH', `/companies/${other.company.id}`, companyAdmin, { name: 'Taken Over' })).statusCode).toBe(403);
    expect((await inject('GET', `/companies/${other.company.id}`, admin)).json<{ data: CompanyProfile }>().data.name).toBe('Scope Other');
  });

  it("answers 404 for another tenant's company, even to an administrator", async () => {
    const foreignTenant = await createTenantThroughApi(harness.app, superadmin, 'scope-tenant');
    expect((await inject('GET', `/companies/${foreignTenant.company.id}`, admin)).statusCode).toBe(404);
    expect((await inject('PATCH', `/companies/${foreignTenant.company.id}`, admin, { name: 'Hijacked' })).statusCode).toBe(404);
    const untouched = await harness.app.db.withTenant(foreignTenant.tenant.id, async (tx) => (await tx.query.companies.findFirst())?.name);
    expect(untouched).toBe('scope-tenant Carbon Ltd.');
  });
});

describe('editing a company (Settings → Company)', () => {
  it('lets a COMPANY_ADMIN edit its own company, audited with before and after', async () => {
    const own = companyAdmin.result.company.id;
    const response = await inject('PATCH', `/companies/${own}`, companyAdmin, {
      address: { line1: 'Rua Nova, 10', city: 'Curitiba', region: 'PR' },
      contact: { phone: '+55 41 3000-0000' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: CompanyProfile }>().data).toMatchObject({
      address: { line1: 'Rua Nova, 10', city: 'Curitiba', region: 'PR', line2: null },
      contact: { phone: '+55 41 3000-0000' },
    });
    const audit = await harness.app.db.withTenant(admin.result.tenant.id, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'company.updated')));
    expect(audit.at(-1)).toMatchObject({ actorUserId: companyAdmin.result.user.id, resourceId: own, details: { fields: ['address', 'contact'] } });
  });

  it("refuses the company's own change of its tax ID: contact support", async () => {
    const response = await inject('PATCH', `/companies/${companyAdmin.result.company.id}`, companyAdmin, { taxId: '55.666.777/0001-88' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: companyTexts.taxIdLocked, error: { code: 'ACCESS_DENIED', reason: 'COMPANY__TAX_ID_LOCKED' } });
  });

  it('lets a platform administrator (support) change the tax ID', async () => {
    const created = await onboard(onboarding('Support Fix', '66.777.888/0001-99'));
    const response = await inject('PATCH', `/companies/${created.company.id}`, admin, { taxId: '66.777.888/0001-90' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: CompanyProfile }>().data.taxId).toBe('66.777.888/0001-90');
  });

  it.each([
    ['VIEWER', () => viewer],
    ['CSO', () => cso],
  ])('leaves %s read-only', async (_role, who) => {
    expect((await inject('GET', `/companies/${companyAdmin.result.company.id}`, who())).statusCode).toBe(200);
    expect((await inject('PATCH', `/companies/${companyAdmin.result.company.id}`, who(), { name: 'Renamed' })).statusCode).toBe(403);
  });

  it('refuses a country its stored tax ID does not fit, and unknown fields', async () => {
    const own = companyAdmin.result.company.id;
    const country = await inject('PATCH', `/companies/${own}`, companyAdmin, { country: 'US' });
    expect(country.statusCode).toBe(400);
    expect(country.json().error.fields).toEqual({ country: [companyTexts.taxIdInvalid] });
    expect((await inject('PATCH', `/companies/${own}`, companyAdmin, { isPlatform: true })).statusCode).toBe(400);
    expect((await inject('PATCH', `/companies/${own}`, companyAdmin, { kycStatus: 'approved' })).statusCode).toBe(400);
  });
});
