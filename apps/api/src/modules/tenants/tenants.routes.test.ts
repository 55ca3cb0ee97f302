import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenantTexts, type TenantSettings } from '@carbonledger/contracts';
import { auditLog, companies, registryProjects, tenants, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { linkTokenIn, startTestSmtpServer, type TestSmtpServer } from '../mail/mail.testing';
import { issueTestCertificate } from '../certificates/certificates.testing';
import { createTenantThroughApi, tenantRequest } from './tenants.testing';

/** The 1×1 PNG the e2e mint wizard uploads as a logo. */
const LOGO = readFileSync(new URL('../../../../../e2e/fixtures/logo.png', import.meta.url));

/** Tenant creation (issue 14 item 1) on an app that sends its mail to a real SMTP server. */
let smtp: TestSmtpServer;
let harness: TestApp;
let superadmin: SignedIn;
let admin: SignedIn;
let companyAdmin: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  harness = await createTestApp({ env: { SMTP_URL: smtp.url } });
  superadmin = await signInAs(harness.app, 'superadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
});
afterAll(async () => {
  await harness.close();
  await smtp.close();
});

const post = (who: SignedIn, payload: unknown) =>
  harness.app.inject({ method: 'POST', url: '/api/v1/tenants', headers: who.headers, payload: payload as object });

describe('POST /tenants', () => {
  it('creates a tenant with its first company and a pending first COMPANY_ADMIN, audited in both tenants', async () => {
    const created = await createTenantThroughApi(harness.app, superadmin, 'acme', { branding: { customColors: { primary: '#123456' } } });
    expect(created.tenant).toMatchObject({
      name: 'acme Holdings',
      slug: 'acme',
      theme: 'light',
      branding: { customColors: { primary: '#123456' } },
      logoUrl: null,
    });
    expect(created.company).toMatchObject({
      name: 'acme Carbon Ltd.',
      taxId: '11.222.333/0001-81',
      country: 'BR',
      isPlatform: false,
      kycStatus: 'not_started',
      userCount: 1,
    });
    expect(created.company.address).toEqual({ line1: 'Av. Paulista, 1000', line2: null, city: 'São Paulo', region: 'SP', postalCode: '01310-100' });
    expect(created.company.members).toEqual([expect.objectContaining({ email: 'admin@acme.test', role: 'COMPANY_ADMIN', status: 'pending_verification' })]);
    expect(created.administrator).toMatchObject({ email: 'admin@acme.test', status: 'pending_verification', invitationSent: true });

    const rows = await harness.app.db.withTenant(created.tenant.id, async (tx) => ({
      companies: await tx.select().from(companies),
      users: await tx.select().from(users),
      audit: await tx.select().from(auditLog),
    }));
    expect(rows.companies.map((company) => company.name)).toEqual(['acme Carbon Ltd.']);
    expect(rows.users.map((user) => [user.email, user.passwordHash, user.status])).toEqual([['admin@acme.test', null, 'pending_verification']]);
    expect(rows.audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['tenant.created', 'company.created']));
    expect(rows.audit.find((entry) => entry.action === 'tenant.created')?.details).toMatchObject({ createdBy: { userId: superadmin.result.user.id } });
    const inDemo = await harness.app.db.withTenant(superadmin.result.tenant.id, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'tenant.created')),
    );
    expect(inDemo.map((entry) => [entry.actorUserId, entry.resourceId])).toContainEqual([superadmin.result.user.id, created.tenant.id]);
  });

  it('e-mails the first administrator an invitation: accepted, they sign in to the new tenant and see only its company and look', async () => {
    const created = await createTenantThroughApi(harness.app, superadmin, 'mailed', { theme: 'dark', branding: { customColors: { primary: '#334455' } } });
    const mail = await smtp.nextFor('admin@mailed.test');
    expect(mail.text).toContain('mailed Carbon Ltd.');
    const token = linkTokenIn(mail.text, 'invite');
    const accepted = await harness.app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password: 'Chosen!2345' } });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const newAdmin = await signInAs(harness.app, 'admin@mailed.test', { password: 'Chosen!2345' });
    expect(newAdmin.result).toMatchObject({
      user: { role: 'COMPANY_ADMIN', status: 'active' },
      company: { id: created.company.id },
      tenant: { id: created.tenant.id, theme: 'dark' },
    });
    const companiesSeen = (await harness.app.inject({ url: '/api/v1/companies', headers: newAdmin.headers })).json<{ data: { name: string }[] }>().data;
    expect(companiesSeen.map((company) => company.name)).toEqual(['mailed Carbon Ltd.']);
    const look = (await harness.app.inject({ url: '/api/v1/tenant', headers: newAdmin.headers })).json<{ data: TenantSettings }>().data;
    expect(look).toMatchObject({ slug: 'mailed', branding: { customColors: { primary: '#334455' } } });
    expect((await harness.app.inject({ url: `/api/v1/companies/${superadmin.result.company.id}`, headers: newAdmin.headers })).statusCode).toBe(403);
  });

  it('gives the new tenant its own sandbox registry catalogue', async () => {
    const created = await createTenantThroughApi(harness.app, superadmin, 'registry-check');
    const projects = await harness.app.db.withTenant(created.tenant.id, (tx) => tx.select().from(registryProjects));
    expect(projects.length).toBeGreaterThan(0);
  });

  it.each([
    ['ADMIN', () => admin],
    ['COMPANY_ADMIN', () => companyAdmin],
    ['VIEWER', () => viewer],
  ])('refuses %s with 403 and creates nothing', async (_role, who) => {
    const response = await post(who(), tenantRequest('not-made'));
    expect(response.statusCode).toBe(403);
    const made = await harness.app.db.asSystem((tx) => tx.select().from(tenants).where(eq(tenants.slug, 'not-made')));
    expect(made).toEqual([]);
  });

  it('refuses a SUPER_ADMIN outside the platform company (TENANT__PLATFORM_ONLY)', async () => {
    const customer = superadmin.result;
    const verde = companyAdmin.result.company.id;
    await harness.app.db.asSystem((tx) =>
      tx.insert(users).values({
        tenantId: customer.tenant.id,
        companyId: verde,
        email: 'customer-super@demo.test',
        passwordHash: null,
        role: 'SUPER_ADMIN',
        firstName: 'C',
        lastName: 'S',
        status: 'active',
        verified: true,
      }),
    );
    const hash = (await harness.app.db.asSystem((tx) => tx.select().from(users).where(eq(users.email, 'superadmin@demo.test'))))[0]!.passwordHash;
    await harness.app.db.asSystem((tx) => tx.update(users).set({ passwordHash: hash }).where(eq(users.email, 'customer-super@demo.test')));
    const outsider = await signInAs(harness.app, 'customer-super@demo.test');
    const response = await post(outsider, tenantRequest('outsider'));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.reason).toBe('TENANT__PLATFORM_ONLY');
  });

  it('refuses a taken slug, a taken administrator e-mail and leaves no half-made tenant', async () => {
    await createTenantThroughApi(harness.app, superadmin, 'twice');
    const again = await post(superadmin, tenantRequest('twice'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('TENANT__SLUG_TAKEN');

    const takenEmail = await post(superadmin, tenantRequest('email-clash', { administrator: { email: 'viewer@demo.test', firstName: 'V', lastName: 'N' } }));
    expect([takenEmail.statusCode, takenEmail.json().error.reason]).toEqual([409, 'USER__EMAIL_TAKEN']);
    expect(await harness.app.db.asSystem((tx) => tx.select().from(tenants).where(eq(tenants.slug, 'email-clash')))).toEqual([]);
  });

  it.each([
    ['a NUL byte in the name', { name: 'Evil\u0000Corp' }, 'name'],
    ['a 1 MB name', { name: 'x'.repeat(1024 * 1024 - 2000) }, 'name'],
    ['a bad slug', { slug: 'Not A Slug!' }, 'slug'],
    ['a colour that is not #RRGGBB', { branding: { customColors: { primary: 'red;}' } } }, 'branding.customColors.primary'],
    ['a font with CSS in it', { branding: { fonts: { body: 'Inter"; background:url(x)' } } }, 'branding.fonts.body'],
  ])('answers 400 with the field for %s', async (_case, override, field) => {
    const response = await post(superadmin, { ...tenantRequest('bad-input'), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(response.json().error.fields as object)).toContain(field);
  });

  it('answers 400 for a tax ID that does not fit the country', async () => {
    const request = tenantRequest('bad-tax');
    const response = await post(superadmin, { ...request, company: { ...request.company, taxId: '123' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['company.taxId']).toEqual(['Invalid tax ID for the selected country']);
  });
});

describe('GET /tenant and PUT /tenant/branding', () => {
  const look = {
    theme: 'dark',
    branding: { customColors: { primary: '#224466', secondary: '#ddaa11' }, fonts: { body: 'Roboto', display: 'Playfair Display' } },
  } as const;

  it('answers every signed-in user its tenant with the branding the web theme applies', async () => {
    const response = await harness.app.inject({ url: '/api/v1/tenant', headers: viewer.headers });
    expect(response.statusCode).toBe(200);
    const settings = response.json().data as TenantSettings;
    expect(settings).toMatchObject({ id: viewer.result.tenant.id, slug: 'demo', branding: { customColors: { primary: '#0f4c5c' } } });
  });

  it('lets a platform administrator set the look, audited, and everyone then reads it', async () => {
    const response = await harness.app.inject({ method: 'PUT', url: '/api/v1/tenant/branding', headers: admin.headers, payload: look });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(tenantTexts.brandingUpdated);
    const seen = (await harness.app.inject({ url: '/api/v1/tenant', headers: viewer.headers })).json().data as TenantSettings;
    expect(seen).toMatchObject(look);
    const session = (
      await harness.app.inject({
        url: '/api/v1/auth/session',
        headers: { ...viewer.headers, 'x-session-id': viewer.result.session.sessionId, 'x-session-fingerprint': viewer.result.session.fingerprint },
      })
    ).json();
    expect(session.data.tenant.branding.customColors).toEqual(look.branding.customColors);
    const audit = await harness.app.db.withTenant(admin.result.tenant.id, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'tenant.branding_updated')),
    );
    expect(audit.at(-1)?.details).toMatchObject({ after: look });
  });

  it("draws the certificate PDF in the tenant's new colours, with its logo", async () => {
    const pdfOf = async () => {
      const response = await harness.app.inject({ url: `/api/v1/certificates/${certificate.certificate.id}/pdf`, headers: viewer.headers });
      expect(response.statusCode).toBe(200);
      return response.rawPayload.toString('latin1');
    };
    const colour = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).join(' ');
    const certificate = await issueTestCertificate(harness.app, {
      tenantId: viewer.result.tenant.id,
      companyId: viewer.result.company.id,
      number: 'CLC-2026-BRAND001',
    });
    const before = await pdfOf();
    expect(before).not.toContain(`${colour('#3a5f0b')} scn`);
    const images = (pdf: string) => pdf.match(/\/Subtype \/Image/g)?.length ?? 0;

    const form = new FormData();
    form.append('file', new Blob([LOGO], { type: 'image/png' }), 'logo.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const stored = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...admin.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(stored.statusCode, stored.body).toBeLessThan(300);
    const logoCid = stored.json<{ data: { cid: string } }>().data.cid;
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/v1/tenant/branding',
      headers: admin.headers,
      payload: { theme: 'light', branding: { customColors: { primary: '#3a5f0b', secondary: '#c0ffee' }, logoCid } },
    });
    expect(saved.json<{ data: TenantSettings }>().data.logoUrl).toBe(`/api/v1/files/${logoCid}`);

    const after = await pdfOf();
    expect(after).toContain(`${colour('#3a5f0b')} scn`);
    expect(after).toContain(`${colour('#c0ffee')} scn`);
    // The QR code's image, and now the logo's.
    expect(images(after)).toBeGreaterThan(images(before));
  });

  it.each([
    ['COMPANY_ADMIN', () => companyAdmin],
    ['VIEWER', () => viewer],
  ])('refuses %s', async (_role, who) => {
    const response = await harness.app.inject({ method: 'PUT', url: '/api/v1/tenant/branding', headers: who().headers, payload: look });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a logo that is not an image this tenant stored', async () => {
    const response = await harness.app.inject({
      method: 'PUT',
      url: '/api/v1/tenant/branding',
      headers: admin.headers,
      payload: { theme: 'light', branding: { logoCid: 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.reason).toBe('TENANT__LOGO_NOT_STORED');
  });

  it('keeps tenants apart: another tenant reads only its own look', async () => {
    const created = await createTenantThroughApi(harness.app, superadmin, 'look-apart');
    const theirs = await harness.app.db.withTenant(created.tenant.id, (tx) => tx.select().from(tenants));
    expect(theirs.map((tenant) => tenant.slug)).toEqual(['look-apart']);
  });
});
