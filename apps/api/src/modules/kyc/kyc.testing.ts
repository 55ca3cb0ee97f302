import { expect } from 'vitest';
import type { KycReviewCase, KycSession, SaveKycCaseRequest } from '@carbonledger/contracts';
import type { App } from '../../app';
import type { SignedIn } from '../auth/auth.testing';

/** The smallest well-formed PNG (1×1), and a PDF header: documents recognised from their bytes. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A multipart body as a browser's FormData sends it. */
export async function multipart(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export const BUSINESS_CASE: SaveKycCaseRequest = {
  subjectType: 'business',
  business: { legalName: 'Verde Energia S.A.', registrationNumber: '12.345.678/0001-90', incorporationCountry: 'BR', incorporationDate: '2012-03-01' },
  parties: [{ fullName: 'Camila Rocha', role: 'beneficial_owner', ownershipPercent: 60, nationality: 'BR', dateOfBirth: '1980-05-17' }],
  address: { line1: 'Av. Paulista 1000', city: 'São Paulo', region: 'SP', postalCode: '01310-100', country: 'BR' },
  step: 'documents',
};

export async function saveCase(app: App, who: SignedIn, body: SaveKycCaseRequest = BUSINESS_CASE) {
  return app.inject({ method: 'PUT', url: '/api/v1/kyc/case', headers: who.headers, payload: body as Record<string, unknown> });
}

export async function uploadDocument(
  app: App,
  who: SignedIn,
  bytes: Buffer = TINY_PNG,
  query = 'documentType=certificate_of_incorporation&category=corporate',
  name = 'registration.png',
  type = 'image/png',
) {
  const body = await multipart(bytes, name, type);
  return app.inject({
    method: 'POST',
    url: `/api/v1/kyc/case/documents?${query}`,
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The submitter's company case, filled in, with one document, submitted for review. */
export async function submitBusinessCase(app: App, submitter: SignedIn): Promise<KycSession> {
  const saved = await saveCase(app, submitter);
  expect(saved.statusCode, saved.body).toBe(200);
  const uploaded = await uploadDocument(app, submitter);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const submitted = await app.inject({ method: 'POST', url: '/api/v1/kyc/case/submit', headers: submitter.headers });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json().data as KycSession;
}

export async function assess(app: App, reviewer: SignedIn, caseId: string, body: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: `/api/v1/kyc/reviews/${caseId}`, headers: reviewer.headers, payload: body });
}

export async function decide(app: App, reviewer: SignedIn, caseId: string, decision: 'approve' | 'reject' | 'request_information', reason?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/kyc/reviews/${caseId}/decision`,
    headers: reviewer.headers,
    payload: { decision, ...(reason ? { reason } : {}) },
  });
}

export const FULL_CHECKLIST = {
  identity_verified: true,
  address_verified: true,
  ownership_verified: true,
  documents_authentic: true,
  sanctions_screened: true,
  pep_screened: true,
};

/** Through the review flow: the submitter's company submits its case and the reviewer approves it. */
export async function approveCompanyKyc(app: App, submitter: SignedIn, reviewer: SignedIn): Promise<KycReviewCase> {
  const session = await submitBusinessCase(app, submitter);
  const caseId = session.case!.id;
  expect((await assess(app, reviewer, caseId, { riskLevel: 'low', score: 90, checklist: FULL_CHECKLIST })).statusCode).toBe(200);
  const approved = await decide(app, reviewer, caseId, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data as KycReviewCase;
}

/**
 * Through the review flow: the company's KYC/AML approval is withdrawn while officers ask for
 * more information (a submitted case, or its approved one sent back).
 */
export async function withdrawCompanyKyc(app: App, submitter: SignedIn, reviewer: SignedIn, caseId?: string): Promise<string> {
  const id = caseId ?? (await submitBusinessCase(app, submitter)).case!.id;
  const requested = await decide(app, reviewer, id, 'request_information', 'Please send a recent proof of address.');
  expect(requested.statusCode, requested.body).toBe(200);
  return id;
}
