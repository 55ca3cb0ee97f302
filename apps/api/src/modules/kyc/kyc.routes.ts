import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_FIELD,
  KYC_DOCUMENT_MAX_BYTES,
  apiEnvelope,
  canAccess,
  canOpenRoute,
  kycAssessmentRequest,
  kycCaseDocumentParams,
  kycCaseIdParams,
  kycDecisionRequest,
  kycDocumentIdParams,
  kycDocumentReviewRequest,
  kycDocumentSchema,
  kycQueueQuery,
  kycQueueSchema,
  kycReviewCaseSchema,
  kycSessionSchema,
  kycTexts,
  saveKycCaseRequest,
  uploadKycDocumentQuery,
} from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { actorOf, authOf } from '../../plugins/auth';
import { registerKycDecisionApprovals } from './kyc.approval';
import { kycDepsOf, type KycDeps } from './kyc.deps';
import { documentContent, removeDocument, uploadDocument } from './kyc.documents';
import { kycSession, saveKycCase, submitKycCase } from './kyc.onboarding';
import { decideCase, kycQueue, kycReviewCase, reviewDocument, saveAssessment, type Reviewer } from './kyc.reviews';

const tags = ['kyc'];
/** Uploads per client IP and minute, as for the file store (docs/product.md §9). */
const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
const REVIEWS_ROUTE = '/compliance/kyc-reviews';

/** The one file of a multipart upload, at most KYC_DOCUMENT_MAX_BYTES, with the KYC refusals. */
async function readDocument(request: FastifyRequest): Promise<{ bytes: Buffer; originalName: string | null }> {
  const missing = () => AppError.validation({ [FILE_FIELD]: [kycTexts.documentMissingFile] }, kycTexts.documentMissingFile);
  if (!request.isMultipart()) throw new AppError('KYC__DOCUMENT_UNSUPPORTED', undefined, { fields: { [FILE_FIELD]: [kycTexts.documentUnsupported] } });
  const part = await request.file();
  if (!part || part.fieldname !== FILE_FIELD) throw missing();
  try {
    return { bytes: await part.toBuffer(), originalName: part.filename || null };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('KYC__DOCUMENT_TOO_LARGE', undefined, { fields: { [FILE_FIELD]: [kycTexts.documentTooLarge] } });
    throw error;
  }
}

/** The officer behind a request to the reviews, with whether they may decide (kyc:review). */
function reviewerOf(request: FastifyRequest): Reviewer {
  const auth = authOf(request);
  return { actor: actorOf(request), mayReview: canOpenRoute(auth.role, REVIEWS_ROUTE) && canAccess(auth.role, auth.permissions, 'kyc', 'review') };
}

/** docs/kyc.md: the company's onboarding (/kyc) and the officers' reviews (/compliance/kyc-reviews). */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: KycDeps = kycDepsOf(app);
  registerKycDecisionApprovals(deps);
  // Registered here so only these routes parse multipart bodies.
  await app.register(multipart, { limits: { fileSize: KYC_DOCUMENT_MAX_BYTES, files: 1, fields: 5 } });
  const officers = app.requireRouteRoles(REVIEWS_ROUTE);
  const deciders = [officers, app.requirePermission('kyc:review')];

  app.get(
    '/kyc/case',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The signed-in user's company, its KYC/AML status and its current case", response: { 200: apiEnvelope(kycSessionSchema) } },
    },
    async (request) => ok(request, await kycSession(deps, actorOf(request))),
  );

  app.put(
    '/kyc/case',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Save steps of the company's case (its administrators; progress kept between visits)",
        body: saveKycCaseRequest,
        response: { 200: apiEnvelope(kycSessionSchema) },
      },
    },
    async (request) => ok(request, await saveKycCase(deps, actorOf(request), request.body), kycTexts.saved),
  );

  app.post(
    '/kyc/case/submit',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Submit the complete case for review (audited; officers notified)', response: { 200: apiEnvelope(kycSessionSchema) } },
    },
    async (request) => ok(request, await submitKycCase(deps, actorOf(request)), kycTexts.submitted),
  );

  app.post(
    '/kyc/case/documents',
    {
      onRequest: app.authenticate,
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags,
        summary: `Upload a document to the case (multipart field "${FILE_FIELD}", PDF, JPEG or PNG from its bytes, at most 10 MB; stored encrypted)`,
        consumes: ['multipart/form-data'],
        querystring: uploadKycDocumentQuery,
        response: { 201: apiEnvelope(kycDocumentSchema) },
      },
    },
    async (request, reply) => {
      const upload = await readDocument(request);
      return reply.status(201).send(ok(request, await uploadDocument(deps, actorOf(request), request.query, upload), kycTexts.documentUploaded));
    },
  );

  app.delete(
    '/kyc/case/documents/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Withdraw a document while the case is being filled in',
        params: kycDocumentIdParams,
        response: { 200: apiEnvelope(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => {
      await removeDocument(deps, actorOf(request), request.params.id);
      return ok(request, { id: request.params.id }, kycTexts.documentRemoved);
    },
  );

  app.get(
    '/kyc/documents/:id/content',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A document's bytes, decrypted, for the company's users and the officers acting for it",
        params: kycDocumentIdParams,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
      },
    },
    async (request, reply) => {
      const { bytes, contentType, name } = await documentContent(deps, actorOf(request), request.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${name.replace(/[^\w.-]+/g, '_')}"`)
        .type(contentType)
        .send(bytes);
    },
  );

  app.get(
    '/kyc/reviews',
    {
      onRequest: officers,
      schema: {
        tags,
        summary: 'The KYC review queue in the officer’s scope, with filters',
        querystring: kycQueueQuery,
        response: { 200: apiEnvelope(kycQueueSchema) },
      },
    },
    async (request) => ok(request, await kycQueue(deps, reviewerOf(request), request.query)),
  );

  app.get(
    '/kyc/reviews/:id',
    {
      onRequest: officers,
      schema: {
        tags,
        summary: 'A case with its data, documents, assessment and decisions',
        params: kycCaseIdParams,
        response: { 200: apiEnvelope(kycReviewCaseSchema) },
      },
    },
    async (request) => ok(request, await kycReviewCase(deps, reviewerOf(request), request.params.id)),
  );

  app.patch(
    '/kyc/reviews/:id',
    {
      onRequest: deciders,
      schema: {
        tags,
        summary: 'Save the assessment: risk level, score, checklist, notes (kyc:review; not the submitter)',
        params: kycCaseIdParams,
        body: kycAssessmentRequest,
        response: { 200: apiEnvelope(kycReviewCaseSchema) },
      },
    },
    async (request) => ok(request, await saveAssessment(deps, reviewerOf(request), request.params.id, request.body), kycTexts.reviewSaved),
  );

  app.post(
    '/kyc/reviews/:id/decision',
    {
      onRequest: deciders,
      schema: {
        tags,
        summary: 'Approve, reject with a reason or request more information (kyc:review; not the submitter; audited and notified)',
        params: kycCaseIdParams,
        body: kycDecisionRequest,
        response: { 200: apiEnvelope(kycReviewCaseSchema) },
      },
    },
    async (request) => {
      const { view, awaitingApproval } = await decideCase(deps, reviewerOf(request), request.params.id, request.body.decision, request.body.reason);
      const message = awaitingApproval
        ? kycTexts.decisionAwaitingApproval
        : { approve: kycTexts.approved, reject: kycTexts.rejected, request_information: kycTexts.informationRequested }[request.body.decision];
      return ok(request, view, message);
    },
  );

  app.put(
    '/kyc/reviews/:id/documents/:documentId',
    {
      onRequest: deciders,
      schema: {
        tags,
        summary: 'Accept or reject one document of a case under review',
        params: kycCaseDocumentParams,
        body: kycDocumentReviewRequest,
        response: { 200: apiEnvelope(kycDocumentSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await reviewDocument(deps, reviewerOf(request), request.params.id, request.params.documentId, request.body.status),
        kycTexts.documentReviewed,
      ),
  );
};
