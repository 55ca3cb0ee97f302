import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { address, generateKeyPairSigner } from '@solana/kit';
import {
  CERTIFICATE_CHECKS,
  certificateListSchema,
  certificateSchema,
  certificateTexts,
  certificateVerificationSchema,
  type Certificate,
  type CertificateVerification,
} from '@carbonledger/contracts';
import { certificates } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClientIp, signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { certificateBrandingOf, certificateQrPng, certificateRows } from './certificates.pdf';
import { VERIFY_RATE_LIMIT } from './certificates.routes';
import { createRetirement, retireBody, retirementFixture, signAndSubmit } from '../retirements/retirements.testing';
import { issueTestCertificate, pdfText } from './certificates.testing';

// A Host this deployment does not list in ALLOWED_HOSTS: links must not follow it.
const HOST = 'carbonledger.example';

describe('certificates API: list, viewer, PDF, QR and the public verification', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let viewer: SignedIn;
  let otherTenant: SignedIn;
  let wind: Awaited<ReturnType<typeof issueTestCertificate>>;
  let cerrado: Awaited<ReturnType<typeof issueTestCertificate>>;
  let platform: Awaited<ReturnType<typeof issueTestCertificate>>;
  let foreign: Awaited<ReturnType<typeof issueTestCertificate>>;
  const verifyUrlOf = (number: string) => `http://localhost:${harness.app.config.port}/verify/${number}`;

  const get = (url: string, who: SignedIn | null, headers: Record<string, string> = {}) =>
    harness.app.inject({
      method: 'GET',
      url,
      headers: { host: HOST, 'x-forwarded-for': nextClientIp(), ...(who ? { authorization: who.headers.authorization! } : {}), ...headers },
    });
  const list = async (who: SignedIn, query = '') => {
    const response = await get(`/api/v1/certificates${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return certificateListSchema.parse(response.json().data);
  };
  const numbersOf = (page: { items: Certificate[] }) => page.items.map((item) => item.number);
  const verify = async (number: string) => {
    const response = await get(`/api/v1/public/certificates/${number}/verify`, null);
    expect(response.statusCode, response.body).toBe(200);
    return certificateVerificationSchema.parse(response.json().data);
  };
  const failedChecks = (verification: CertificateVerification) => CERTIFICATE_CHECKS.filter((name) => !verification.checks[name].ok);
  const tamper = (id: string, change: Partial<typeof certificates.$inferInsert>) =>
    harness.app.db.asSystem((tx) => tx.update(certificates).set(change).where(eq(certificates.id, id)));

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    viewer = await signInAs(harness.app, 'viewer@demo.test');
    const beta = await createRegistryTenant(harness.app.db, 'certbeta');
    otherTenant = await signInAs(harness.app, beta.email);
    const verde = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id };
    wind = await issueTestCertificate(harness.app, {
      ...verde,
      number: 'CLC-2026-WIND0001',
      beneficiaryName: 'Verde Energia S.A.',
      issuedAt: new Date('2026-03-01T10:00:00Z'),
    });
    cerrado = await issueTestCertificate(harness.app, {
      ...verde,
      number: 'CLC-2026-CERR0002',
      beneficiaryName: 'Acme Foods Ltd',
      projectName: 'Cerrado Reforestation',
      amount: 1250n,
      reason: 'net_zero_commitment',
      issuedAt: new Date('2026-04-01T10:00:00Z'),
    });
    platform = await issueTestCertificate(harness.app, {
      tenantId: admin.result.tenant.id,
      companyId: admin.result.company.id,
      number: 'CLC-2026-PLAT0003',
      issuedAt: new Date('2026-05-01T10:00:00Z'),
    });
    foreign = await issueTestCertificate(harness.app, {
      tenantId: beta.tenantId,
      companyId: beta.companyId,
      number: 'CLC-2026-BETA0004',
      beneficiaryName: 'Beta Holdings',
    });
  });
  afterAll(() => harness.close());

  describe('GET /api/v1/certificates', () => {
    it("lists the company's certificates newest first, with every viewer field", async () => {
      const page = await list(companyAdmin);
      expect(numbersOf(page)).toEqual(['CLC-2026-CERR0002', 'CLC-2026-WIND0001']);
      expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      expect(page.items[0]).toMatchObject({
        id: cerrado.certificate.id,
        number: 'CLC-2026-CERR0002',
        amount: '1250',
        decimals: 0,
        date: '2026-04-01T10:00:00.000Z',
        beneficiary: 'Acme Foods Ltd',
        reason: 'net_zero_commitment',
        projectName: 'Cerrado Reforestation',
        developer: 'Lone Star Renewables LLC',
        location: 'Texas, United States',
        methodology: 'ACM0002',
        standard: 'VCS',
        vintage: 2023,
        transactionHash: cerrado.certificate.burnSignature,
        certificateMint: cerrado.certificate.mintAddress,
        verifyUrl: verifyUrlOf('CLC-2026-CERR0002'),
      });
      expect(page.items[0]!.explorer.transaction).toContain(`/tx/${cerrado.certificate.burnSignature}`);
      expect(page.items[0]!.explorer.certificateMint).toContain(`/address/${cerrado.certificate.mintAddress}`);
    });

    it.each([
      ['wind0001', ['CLC-2026-WIND0001']],
      ['cerrado', ['CLC-2026-CERR0002']],
      ['3107', ['CLC-2026-CERR0002', 'CLC-2026-WIND0001']],
      ['acme foods', ['CLC-2026-CERR0002']],
      ['%', []],
      ['nothing like it', []],
    ])('searches number, project and beneficiary: %j', async (search, expected) => {
      expect(numbersOf(await list(companyAdmin, `?search=${encodeURIComponent(search)}`))).toEqual(expected);
    });

    it('pages', async () => {
      const second = await list(companyAdmin, '?page=2&pageSize=1');
      expect(numbersOf(second)).toEqual(['CLC-2026-WIND0001']);
      expect(second.total).toBe(2);
    });

    it("shows administrators the tenant's certificates of every company, and a company on request; members only their own", async () => {
      expect(numbersOf(await list(admin))).toEqual(['CLC-2026-PLAT0003', 'CLC-2026-CERR0002', 'CLC-2026-WIND0001']);
      expect(numbersOf(await list(admin, `?companyId=${companyAdmin.result.company.id}`))).toEqual(['CLC-2026-CERR0002', 'CLC-2026-WIND0001']);
      expect((await get(`/api/v1/certificates?companyId=${admin.result.company.id}`, companyAdmin)).statusCode).toBe(403);
      expect(numbersOf(await list(viewer))).toEqual(['CLC-2026-CERR0002', 'CLC-2026-WIND0001']);
    });

    it('keeps tenants apart', async () => {
      expect(numbersOf(await list(otherTenant))).toEqual(['CLC-2026-BETA0004']);
      expect(numbersOf(await list(admin, '?search=BETA'))).toEqual([]);
      expect((await get(`/api/v1/certificates/${wind.certificate.id}`, otherTenant)).statusCode).toBe(404);
      expect((await get(`/api/v1/certificates/${foreign.certificate.id}/pdf`, admin)).statusCode).toBe(404);
    });

    it('needs a signed-in user', async () => {
      expect((await get('/api/v1/certificates', null)).statusCode).toBe(401);
      expect((await get(`/api/v1/certificates/${wind.certificate.id}/pdf`, null)).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/certificates/:id', () => {
    it('answers the certificate; another company of the tenant gets 404 unless administrator', async () => {
      const response = await get(`/api/v1/certificates/${wind.certificate.id}`, viewer);
      expect(response.statusCode).toBe(200);
      expect(certificateSchema.parse(response.json().data)).toMatchObject({ number: 'CLC-2026-WIND0001', beneficiary: 'Verde Energia S.A.' });
      const hidden = await get(`/api/v1/certificates/${platform.certificate.id}`, companyAdmin);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ success: false, message: certificateTexts.notFound, error: { code: 'NOT_FOUND' } });
      expect((await get(`/api/v1/certificates/${platform.certificate.id}`, admin)).statusCode).toBe(200);
    });
  });

  describe('GET /api/v1/certificates/:id/pdf', () => {
    it('downloads a PDF named after the number holding every field, the chain references and the verification address', async () => {
      const response = await get(`/api/v1/certificates/${cerrado.certificate.id}/pdf`, viewer);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="certificate-CLC-2026-CERR0002.pdf"');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(response.rawPayload);
      const certificate = certificateSchema.parse((await get(`/api/v1/certificates/${cerrado.certificate.id}`, viewer)).json().data);
      for (const [label, value] of certificateRows(certificate)) {
        expect(text).toContain(label);
        expect(text).toContain(value);
      }
      expect(text).toContain('1,250 tCO2e (TXW23)');
      expect(text).toContain('Net-zero commitment');
      expect(text).toContain('Acme Foods Ltd');
      expect(text).toContain(cerrado.certificate.burnSignature);
      expect(text).toContain(cerrado.certificate.mintAddress);
      expect(text).toContain(verifyUrlOf('CLC-2026-CERR0002'));
    });

    it("is drawn in the tenant's brand colour", async () => {
      const [r, g, b] = [0x0f, 0x4c, 0x5c].map((channel) => channel / 255);
      const response = await get(`/api/v1/certificates/${wind.certificate.id}/pdf`, companyAdmin);
      expect(response.rawPayload.toString('latin1')).toContain(`${r} ${g} ${b} scn`);
    });

    it('links to PUBLIC_URL when it is set', async () => {
      const configured = await createTestApp({ env: { PUBLIC_URL: 'https://certs.carbonledger.example' } });
      try {
        const who = await signInAs(configured.app, 'companyadmin@demo.test');
        const issued = await issueTestCertificate(configured.app, {
          tenantId: who.result.tenant.id,
          companyId: who.result.company.id,
          number: 'CLC-2026-PUBL0005',
        });
        const response = await configured.app.inject({
          url: `/api/v1/certificates/${issued.certificate.id}/pdf`,
          headers: { authorization: who.headers.authorization! },
        });
        expect(pdfText(response.rawPayload)).toContain('https://certs.carbonledger.example/verify/CLC-2026-PUBL0005');
      } finally {
        await configured.close();
      }
    });
  });

  describe('GET /api/v1/certificates/:id/qr', () => {
    it('is the QR code of the verification address (PNG by default, SVG on request)', async () => {
      const png = await get(`/api/v1/certificates/${wind.certificate.id}/qr`, viewer);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const branding = certificateBrandingOf({ customColors: { primary: '#0f4c5c', secondary: '#9acd32' } });
      expect(png.rawPayload.equals(await certificateQrPng(verifyUrlOf('CLC-2026-WIND0001'), branding))).toBe(true);
      expect(png.rawPayload.equals(await certificateQrPng(verifyUrlOf('CLC-2026-CERR0002'), branding))).toBe(false);
      const svg = await get(`/api/v1/certificates/${wind.certificate.id}/qr?format=svg`, viewer);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      expect(svg.body).toContain('<svg');
      expect((await get(`/api/v1/certificates/${wind.certificate.id}/qr?format=gif`, viewer)).statusCode).toBe(400);
    });
  });

  describe('GET /api/v1/public/certificates/:number/verify (no sign-in)', () => {
    it('says plainly that a real retirement is valid, every check passing, without personal data', async () => {
      const response = await get('/api/v1/public/certificates/CLC-2026-WIND0001/verify', null);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(certificateTexts.valid);
      const verification = certificateVerificationSchema.parse(response.json().data);
      expect(verification).toMatchObject({ valid: true, verdict: certificateTexts.valid });
      for (const name of CERTIFICATE_CHECKS) expect(verification.checks[name]).toEqual({ ok: true, message: certificateTexts.checks[name].ok });
      expect(verification.certificate).toMatchObject({
        number: 'CLC-2026-WIND0001',
        amount: '25',
        projectName: 'Texas Wind Farm Portfolio',
        transactionHash: wind.certificate.burnSignature,
      });
      expect(verification.certificate).not.toHaveProperty('beneficiary');
      expect(response.body).not.toContain('Verde Energia S.A.');
    });

    it('says valid for retirements made through the retirements API (external and platform-managed wallets), and the PDF and the list agree', async () => {
      const fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 40, managedTokens: 10 });
      const created = await createRetirement(harness.app, companyAdmin, retireBody(fixture, companyAdmin, { amount: 12 }));
      const retired = await signAndSubmit(harness.app, companyAdmin, fixture.external.key, created);
      expect(retired.status).toBe('completed');
      const verification = await verify(retired.certificateNumber!);
      expect(failedChecks(verification)).toEqual([]);
      expect(verification).toMatchObject({
        valid: true,
        certificate: { number: retired.certificateNumber, amount: '12', transactionHash: retired.signature, certificateMint: retired.certificateMint },
      });
      const [listed] = (await list(companyAdmin, `?search=${retired.certificateNumber}`)).items;
      expect(listed).toMatchObject({ retirementId: retired.id, beneficiary: retired.beneficiaryName });
      expect(pdfText((await get(`/api/v1/certificates/${listed!.id}/pdf`, companyAdmin)).rawPayload)).toContain(retired.certificateNumber!);

      // A platform-managed wallet's retirement is signed on the server (the issuer pays the fee): valid too.
      const managed = await createRetirement(
        harness.app,
        companyAdmin,
        retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 4 }),
      );
      expect(managed.retirement.status).toBe('completed');
      const managedVerification = await verify(managed.retirement.certificateNumber!);
      expect(failedChecks(managedVerification)).toEqual([]);
      expect(managedVerification.certificate).toMatchObject({ amount: '4', holderAddress: fixture.managed.address });
    });

    it("names the certificate's on-chain uri in the viewer, the PDF and the QR code, whatever Host or X-Forwarded-Host the request carries", async () => {
      const fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 1, managedTokens: 2 });
      const { retirement } = await createRetirement(
        harness.app,
        companyAdmin,
        retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 2 }),
      );
      const onChain = (await harness.app.chain.getMint(address(retirement.certificateMint!)))!.extensions.find(
        (extension) => extension.__kind === 'TokenMetadata',
      );
      const uri = onChain && 'uri' in onChain ? onChain.uri : null;
      expect(uri).toBe(verifyUrlOf(retirement.certificateNumber!));

      const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
      const viewed = certificateSchema.parse((await get(`/api/v1/certificates/${retirement.certificateId}`, companyAdmin, hostile)).json().data);
      expect(viewed.verifyUrl).toBe(uri);
      const pdf = pdfText((await get(`/api/v1/certificates/${retirement.certificateId}/pdf`, companyAdmin, hostile)).rawPayload);
      expect(pdf).toContain(uri);
      expect(pdf).not.toContain('evil.example');
      const qr = await get(`/api/v1/certificates/${retirement.certificateId}/qr`, companyAdmin, hostile);
      expect(qr.rawPayload.equals(await certificateQrPng(uri!, certificateBrandingOf({ customColors: { primary: '#0f4c5c', secondary: '#9acd32' } })))).toBe(
        true,
      );
      expect((await verify(retirement.certificateNumber!)).certificate.verifyUrl).toBe(uri);
    });

    it('finds certificates of any tenant by number, typed in any case', async () => {
      expect((await verify('clc-2026-beta0004')).valid).toBe(true);
    });

    it('answers an unknown number with 404 in the envelope', async () => {
      const response = await get('/api/v1/public/certificates/CLC-2026-NOPE9999/verify', null);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, data: null, message: certificateTexts.notFound, error: { code: 'NOT_FOUND' } });
    });

    it('is not valid once the stored amount differs from the burn', async () => {
      const issued = await issueTestCertificate(harness.app, {
        tenantId: companyAdmin.result.tenant.id,
        companyId: companyAdmin.result.company.id,
        number: 'CLC-2026-TAMP0006',
      });
      await tamper(issued.certificate.id, { amount: 26n });
      const verification = await verify('CLC-2026-TAMP0006');
      expect(verification).toMatchObject({ valid: false, verdict: certificateTexts.invalid });
      expect(failedChecks(verification)).toEqual(['burnMatches', 'metadataHash']);
      expect(verification.checks.burnMatches.message).toBe(certificateTexts.checks.burnMatches.failed);
    });

    it('is not valid once the stored fingerprint or the beneficiary was changed', async () => {
      const issued = await issueTestCertificate(harness.app, {
        tenantId: companyAdmin.result.tenant.id,
        companyId: companyAdmin.result.company.id,
        number: 'CLC-2026-TAMP0007',
      });
      await tamper(issued.certificate.id, { metadataHash: 'f'.repeat(64) });
      expect(failedChecks(await verify('CLC-2026-TAMP0007'))).toEqual(['metadataHash']);
      await tamper(issued.certificate.id, { metadataHash: issued.certificate.metadataHash, beneficiaryName: 'Someone Else' });
      expect(failedChecks(await verify('CLC-2026-TAMP0007'))).toEqual(['metadataHash']);
    });

    it('is not valid when the certificate mint does not exist on chain', async () => {
      const issued = await issueTestCertificate(harness.app, {
        tenantId: companyAdmin.result.tenant.id,
        companyId: companyAdmin.result.company.id,
        number: 'CLC-2026-TAMP0008',
      });
      await tamper(issued.certificate.id, { mintAddress: (await generateKeyPairSigner()).address });
      const verification = await verify('CLC-2026-TAMP0008');
      expect(verification.valid).toBe(false);
      expect(failedChecks(verification)).toEqual([
        'certificateMint',
        'nonTransferable',
        'accountFrozen',
        'mintAuthorityRemoved',
        'metadataImmutable',
        'metadataHash',
        'holder',
      ]);
    });

    it('is rate limited per client address', async () => {
      const ip = nextClientIp();
      const statuses: number[] = [];
      for (let i = 0; i <= VERIFY_RATE_LIMIT.max; i++) {
        statuses.push(
          (await harness.app.inject({ url: '/api/v1/public/certificates/CLC-2026-NOPE9999/verify', headers: { 'x-forwarded-for': ip } })).statusCode,
        );
      }
      expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
