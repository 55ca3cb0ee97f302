import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ROLES,
  canOpenRoute,
  DEFAULT_PERMISSIONS,
  type KycQueue,
  type KycReviewCase,
  type KycSession,
  type NotificationList,
  type Role,
} from '@carbonledger/contracts';
import { auditLog, companies, kycCases, kycDocuments } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { BUSINESS_CASE, FULL_CHECKLIST, TINY_PDF, TINY_PNG, assess, decide, saveCase, submitBusinessCase, uploadDocument } from './kyc.testing';

describe('KYC/AML onboarding and reviews API (/kyc, /compliance/kyc-reviews)', () => {
  let harness: TestApp;
  const signedIn = new Map<Role, SignedIn>();
  let otherTenant: SignedIn;
  const app = () => harness.app;
  const who = (role: Role) => signedIn.get(role)!;
  const get = (user: SignedIn, url: string) => app().inject({ url, headers: user.headers });
  const companyOf = async (companyId: string) => (await app().db.asSystem((tx) => tx.select().from(companies).where(eq(companies.id, companyId))))[0]!;
  const sessionOf = async (user: SignedIn) => {
    const response = await get(user, '/api/v1/kyc/case');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as KycSession;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    for (const user of DEMO_USERS) signedIn.set(user.role, await signInAs(harness.app, user.email));
    otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'kycbeta')).email);
    // The demo company is seeded approved (retirements work in the demo); these cases start from a company not reviewed yet.
    await harness.app.db.asSystem((tx) =>
      tx
        .update(companies)
        .set({ kycStatus: 'not_started' })
        .where(eq(companies.id, who('COMPANY_ADMIN').result.company.id)),
    );
  });
  afterAll(() => harness.close());

  it('keeps the progress between visits, seals the personal data and refuses edits by non-administrators', async () => {
    const companyAdmin = who('COMPANY_ADMIN');
    expect(await sessionOf(companyAdmin)).toMatchObject({ companyKycStatus: 'not_started', canEdit: true, case: null });
    expect((await saveCase(app(), companyAdmin, { step: 'who' })).json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { subjectType: expect.any(Array) } },
    });

    const first = await saveCase(app(), companyAdmin, { subjectType: 'business', business: BUSINESS_CASE.business, step: 'ownership' });
    expect(first.statusCode, first.body).toBe(200);
    const later = await sessionOf(companyAdmin);
    expect(later.case).toMatchObject({
      status: 'draft',
      subjectType: 'business',
      step: 'ownership',
      business: { legalName: 'Verde Energia S.A.' },
      parties: [],
      address: null,
      editable: true,
    });

    const [row] = await app().db.asSystem((tx) => tx.select().from(kycCases).where(eq(kycCases.id, later.case!.id)));
    expect(row!.dataSealed).not.toContain('Verde');
    expect(Buffer.from(row!.dataSealed, 'base64').toString('latin1')).not.toContain('12.345.678');

    const viewer = who('VIEWER');
    expect((await sessionOf(viewer)).canEdit).toBe(false);
    expect((await saveCase(app(), viewer, { step: 'address' })).json()).toMatchObject({ error: { code: 'ACCESS_DENIED', reason: 'KYC__NOT_EDITOR' } });
  });

  it('accepts PDF, JPEG and PNG recognised from their bytes, stores them encrypted and serves them only to the company and its officers', async () => {
    const companyAdmin = who('COMPANY_ADMIN');
    const textAsPdf = await uploadDocument(
      app(),
      companyAdmin,
      Buffer.from('<html>not a pdf</html>'),
      'documentType=passport&category=identity',
      'passport.pdf',
      'application/pdf',
    );
    expect(textAsPdf.statusCode).toBe(415);
    expect(textAsPdf.json()).toMatchObject({
      error: { reason: 'KYC__DOCUMENT_UNSUPPORTED', fields: { file: ['Only PDF, JPEG or PNG documents can be uploaded.'] } },
    });
    const tooLarge = await uploadDocument(
      app(),
      companyAdmin,
      Buffer.concat([TINY_PDF, Buffer.alloc(10 * 1024 * 1024)]),
      'documentType=passport&category=identity',
      'big.pdf',
      'application/pdf',
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: { reason: 'KYC__DOCUMENT_TOO_LARGE' } });
    expect((await uploadDocument(app(), companyAdmin, TINY_PDF, 'documentType=spaceship&category=identity')).statusCode).toBe(400);
    expect(
      (await uploadDocument(app(), companyAdmin, TINY_PDF, `documentType=passport&category=identity&notes=${encodeURIComponent('a\u0000b')}`)).statusCode,
    ).toBe(400);

    // A PDF declared as a PNG is kept as what its bytes are.
    const pdf = await uploadDocument(
      app(),
      companyAdmin,
      TINY_PDF,
      `documentType=passport&category=identity&notes=${encodeURIComponent('Front page')}`,
      'passport.png',
      'image/png',
    );
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().data).toMatchObject({
      documentType: 'passport',
      category: 'identity',
      notes: 'Front page',
      status: 'uploaded',
      contentType: 'application/pdf',
      size: TINY_PDF.length,
    });
    const documentId = pdf.json().data.id as string;

    const [stored] = await app().db.asSystem((tx) => tx.select().from(kycDocuments).where(eq(kycDocuments.id, documentId)));
    const atRest = await readFile(path.join(harness.config.dataDir, 'files', stored!.cid));
    expect(atRest.includes(Buffer.from('%PDF'))).toBe(false);
    // The sealed bytes are not served by the public file route either.
    expect((await app().inject({ url: `/api/v1/files/${stored!.cid}` })).statusCode).toBe(404);

    for (const reader of [companyAdmin, who('VIEWER'), who('CSO'), who('ADMIN')]) {
      const content = await get(reader, `/api/v1/kyc/documents/${documentId}/content`);
      expect(content.statusCode).toBe(200);
      expect(content.headers['content-type']).toBe('application/pdf');
      expect(content.headers['cache-control']).toBe('private, no-store');
      expect(content.rawPayload.equals(TINY_PDF)).toBe(true);
    }
    expect((await get(otherTenant, `/api/v1/kyc/documents/${documentId}/content`)).statusCode).toBe(404);
    expect((await app().inject({ url: `/api/v1/kyc/documents/${documentId}/content` })).statusCode).toBe(401);

    const removed = await app().inject({ method: 'DELETE', url: `/api/v1/kyc/case/documents/${documentId}`, headers: companyAdmin.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await sessionOf(companyAdmin)).case!.documents).toEqual([]);
  });

  it('refuses an incomplete submission, then sends the complete case to the officers, who are notified', async () => {
    const companyAdmin = who('COMPANY_ADMIN');
    const incomplete = await app().inject({ method: 'POST', url: '/api/v1/kyc/case/submit', headers: companyAdmin.headers });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({
      error: { reason: 'KYC__INCOMPLETE', fields: { parties: expect.any(Array), address: expect.any(Array), documents: expect.any(Array) } },
    });

    const session = await submitBusinessCase(app(), companyAdmin);
    expect(session).toMatchObject({
      companyKycStatus: 'pending',
      case: { status: 'submitted', editable: false, submittedBy: { id: companyAdmin.result.user.id } },
    });
    expect((await saveCase(app(), companyAdmin, { step: 'who' })).json()).toMatchObject({ error: { code: 'CONFLICT', reason: 'KYC__NOT_EDITABLE' } });

    const csoInbox = (await get(who('CSO'), '/api/v1/notifications?limit=20')).json().data as NotificationList;
    expect(csoInbox.items.some((item) => item.title === 'KYC case waiting for review' && item.link === '/compliance/kyc-reviews')).toBe(true);
    const adminInbox = (await get(who('ADMIN'), '/api/v1/notifications?limit=20')).json().data as NotificationList;
    expect(adminInbox.items.some((item) => item.title === 'KYC case waiting for review')).toBe(true);
  });

  it('shows officers the queue with filters and the case; the submitter never reviews their own case', async () => {
    const cso = who('CSO');
    const queue = (await get(cso, '/api/v1/kyc/reviews')).json().data as KycQueue;
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({ companyName: 'Verde Energia S.A.', subjectType: 'business', status: 'submitted', documentCount: 1 });
    expect(queue.counts.submitted).toBe(1);
    expect(((await get(cso, '/api/v1/kyc/reviews?subjectType=individual')).json().data as KycQueue).items).toEqual([]);
    expect(((await get(cso, '/api/v1/kyc/reviews?search=verde')).json().data as KycQueue).total).toBe(1);
    expect(((await get(cso, '/api/v1/kyc/reviews?status=approved')).json().data as KycQueue).items).toEqual([]);
    expect((await get(otherTenant, '/api/v1/kyc/reviews')).statusCode).toBe(200);
    expect(((await get(otherTenant, '/api/v1/kyc/reviews')).json().data as KycQueue).items).toEqual([]);
    const caseId = queue.items[0]!.id;
    expect((await get(otherTenant, `/api/v1/kyc/reviews/${caseId}`)).statusCode).toBe(404);

    const view = (await get(cso, `/api/v1/kyc/reviews/${caseId}`)).json().data as KycReviewCase;
    expect(view).toMatchObject({
      canDecide: true,
      business: { registrationNumber: '12.345.678/0001-90' },
      parties: [{ fullName: 'Camila Rocha' }],
      checklist: {},
      riskLevel: null,
    });
    expect(view.documents).toHaveLength(1);

    // The company's administrator opens the queue (route roles) but holds no kyc:review.
    const companyAdmin = who('COMPANY_ADMIN');
    expect(((await get(companyAdmin, `/api/v1/kyc/reviews/${caseId}`)).json().data as KycReviewCase).canDecide).toBe(false);
    expect((await decide(app(), companyAdmin, caseId, 'approve')).statusCode).toBe(403);

    // Four-eyes: a platform administrator who submitted a case of the platform company cannot decide it.
    const admin = who('ADMIN');
    const platformCase = await submitBusinessCase(app(), admin);
    const own = await decide(app(), admin, platformCase.case!.id, 'request_information', 'More please');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ error: { code: 'ACCESS_DENIED', reason: 'KYC__OWN_CASE' } });
    expect(((await get(admin, `/api/v1/kyc/reviews/${platformCase.case!.id}`)).json().data as KycReviewCase).canDecide).toBe(false);
    expect((await decide(app(), who('SUPER_ADMIN'), platformCase.case!.id, 'request_information', 'Send the articles of association.')).statusCode).toBe(200);
  });

  it('decides: approval needs the assessment and the whole checklist; decisions are audited, notified and move the company status', async () => {
    const cso = who('CSO');
    const companyAdmin = who('COMPANY_ADMIN');
    const caseId = (await sessionOf(companyAdmin)).case!.id;
    expect((await decide(app(), cso, caseId, 'reject')).json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { reason: ['Give a reason for this decision.'] } },
    });
    expect((await decide(app(), cso, caseId, 'approve')).json()).toMatchObject({ error: { reason: 'KYC__RISK_NOT_ASSESSED' } });

    const assessed = await assess(app(), cso, caseId, {
      riskLevel: 'medium',
      score: 72,
      checklist: { identity_verified: true },
      reviewNotes: 'Checked the registry.',
    });
    expect(assessed.statusCode, assessed.body).toBe(200);
    expect(assessed.json().data).toMatchObject({ status: 'in_review', riskLevel: 'medium', score: 72, reviewNotes: 'Checked the registry.' });
    expect((await companyOf(companyAdmin.result.company.id)).kycStatus).toBe('in_review');
    expect((await assess(app(), cso, caseId, { score: 101 })).statusCode).toBe(400);
    expect((await decide(app(), cso, caseId, 'approve')).json()).toMatchObject({ error: { reason: 'KYC__CHECKLIST_INCOMPLETE' } });

    const documentId = (await sessionOf(companyAdmin)).case!.documents[0]!.id;
    const accepted = await app().inject({
      method: 'PUT',
      url: `/api/v1/kyc/reviews/${caseId}/documents/${documentId}`,
      headers: cso.headers,
      payload: { status: 'accepted' },
    });
    expect(accepted.json().data).toMatchObject({ status: 'accepted' });

    expect((await assess(app(), cso, caseId, { checklist: FULL_CHECKLIST })).statusCode).toBe(200);
    const approved = await decide(app(), cso, caseId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'KYC case approved.',
      data: { status: 'approved', decisions: [{ decision: 'approve', riskLevel: 'medium', score: 72, decidedBy: { id: cso.result.user.id } }] },
    });
    expect((await companyOf(companyAdmin.result.company.id)).kycStatus).toBe('approved');
    expect((await decide(app(), cso, caseId, 'approve')).json()).toMatchObject({ error: { code: 'CONFLICT', reason: 'KYC__NOT_REVIEWABLE' } });

    const inbox = (await get(companyAdmin, '/api/v1/notifications?limit=20')).json().data as NotificationList;
    expect(inbox.items.some((item) => item.title === 'KYC/AML approved' && item.link === '/kyc')).toBe(true);
    const trail = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resourceType, 'kyc_case'), eq(auditLog.resourceId, caseId))),
    );
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'kyc.case_started',
        'kyc.case_saved',
        'kyc.document_uploaded',
        'kyc.case_submitted',
        'kyc.review_updated',
        'kyc.document_reviewed',
        'kyc.approved',
      ]),
    );
    expect(JSON.stringify(trail.map((entry) => entry.details))).not.toContain('Camila Rocha');

    // A re-verification sends the approved case back: the company is no longer approved.
    const reopened = await decide(app(), cso, caseId, 'request_information', 'Please send a recent proof of address.');
    expect(reopened.json().data).toMatchObject({ status: 'information_requested', decisionReason: 'Please send a recent proof of address.' });
    expect((await sessionOf(companyAdmin)).case).toMatchObject({
      status: 'information_requested',
      editable: true,
      decisionReason: 'Please send a recent proof of address.',
    });
    expect((await companyOf(companyAdmin.result.company.id)).kycStatus).toBe('pending');
  });

  it('rejects bad input with 400: control characters, unknown fields, huge strings, bad dates', async () => {
    const companyAdmin = who('COMPANY_ADMIN');
    const bad = [
      { business: { ...BUSINESS_CASE.business, legalName: 'Verde\u0000' } },
      { business: { ...BUSINESS_CASE.business, legalName: 'x'.repeat(1_000_000) } },
      { address: { ...BUSINESS_CASE.address, country: 'Brazil' } },
      {
        parties: [
          { fullName: 'A', role: 'beneficial_owner', ownershipPercent: 80, nationality: 'BR' },
          { fullName: 'B', role: 'beneficial_owner', ownershipPercent: 30, nationality: 'BR' },
        ],
      },
      { individual: { firstName: 'A', lastName: 'B', dateOfBirth: '1990-02-31', nationality: 'BR', idNumber: '1' } },
      { unknown: true },
    ];
    for (const body of bad) expect((await saveCase(app(), companyAdmin, body as never)).statusCode).toBe(400);
    expect((await get(who('CSO'), '/api/v1/kyc/reviews?riskLevel=extreme')).statusCode).toBe(400);
  });

  describe('role matrix', () => {
    const reads = ROLES.map((role) => ({ role, allowed: canOpenRoute(role, '/compliance/kyc-reviews') }));
    it.each(reads)('$role on GET /kyc/reviews → allowed: $allowed', async ({ role, allowed }) => {
      expect((await get(who(role), '/api/v1/kyc/reviews')).statusCode).toBe(allowed ? 200 : 403);
    });

    const decides = ROLES.map((role) => ({
      role,
      allowed: canOpenRoute(role, '/compliance/kyc-reviews') && (role === 'ADMIN' || DEFAULT_PERMISSIONS[role].includes('kyc:review')),
    }));
    it.each(decides)('$role on PATCH /kyc/reviews/:id and POST …/decision → allowed: $allowed', async ({ role, allowed }) => {
      // An unknown case: the guard answers 403 before the service, an allowed officer gets 404.
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await assess(app(), who(role), missing, { score: 50 })).statusCode).toBe(allowed ? 404 : 403);
      expect((await decide(app(), who(role), missing, 'approve')).statusCode).toBe(allowed ? 404 : 403);
    });

    it.each(ROLES)('%s reads the own company KYC session on /kyc', async (role) => {
      expect((await get(who(role), '/api/v1/kyc/case')).statusCode).toBe(200);
    });

    it('uploads are for signed-in users only', async () => {
      expect(
        (await app().inject({ method: 'POST', url: '/api/v1/kyc/case/documents?documentType=passport&category=identity', payload: TINY_PNG })).statusCode,
      ).toBe(401);
    });
  });
});
