import { z } from 'zod';
import { kycStatusSchema } from './auth';
import { countryField } from './companies';
import { multiLineText, singleLineText } from './text';

/**
 * KYC/AML onboarding (`/kyc`) and officers' reviews (`/compliance/kyc-reviews`), docs/kyc.md:
 * a company's case (individual or business), its documents, the officers' assessment and
 * decisions. The company's KYC/AML status (docs/product.md §4 KYC) follows the case.
 */

/** docs/product.md §9: KYC documents are scans and PDFs, larger than the 2 MB images of the file store. */
export const KYC_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Recognised from the first bytes, never from the name or the declared type. */
export const KYC_DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type KycDocumentContentType = (typeof KYC_DOCUMENT_CONTENT_TYPES)[number];

/** docs/product.md §8 and the KYC screens' own texts. */
export const kycTexts = {
  loadFailed: 'Failed to load KYC session. Please try again later.',
  saved: 'KYC progress saved.',
  submitted: 'KYC case submitted for review.',
  documentUploaded: 'Document uploaded.',
  documentRemoved: 'Document removed.',
  documentTooLarge: 'The document is larger than 10 MB.',
  documentUnsupported: 'Only PDF, JPEG or PNG documents can be uploaded.',
  documentMissingFile: 'Choose a PDF, JPEG or PNG document to upload.',
  documentNotFound: 'Document not found',
  caseNotFound: 'KYC case not found',
  notEditable: 'This KYC case can no longer be changed.',
  notEditor: 'Only the company administrators can fill in and submit the KYC case.',
  incomplete: 'Complete every step and upload at least one document before submitting.',
  ownCase: 'You submitted this KYC case, so another officer must review it.',
  notReviewable: 'This KYC case is not waiting for a review decision.',
  reasonRequired: 'Give a reason for this decision.',
  checklistIncomplete: 'Tick every checklist item before approving.',
  riskNotAssessed: 'Set the risk level and score before deciding.',
  reviewSaved: 'Review saved.',
  approved: 'KYC case approved.',
  rejected: 'KYC case rejected.',
  informationRequested: 'More information was requested from the company.',
  documentReviewed: 'Document status updated.',
  submittedTitle: 'KYC case waiting for review',
  approvedTitle: 'KYC/AML approved',
  rejectedTitle: 'KYC/AML rejected',
  informationRequestedTitle: 'KYC/AML: more information needed',
  ownershipRequired: 'Add at least one owner or representative.',
  ownershipTooHigh: 'Ownership percentages add up to more than 100.',
  dateInvalid: 'Use a date in the form YYYY-MM-DD.',
  decisionAwaitingApproval: 'The decision was recorded and waits for its approval in Approvals.',
  decisionPending: 'A decision on this KYC case is already waiting for approval.',
} as const;

export const kycSubjectTypeSchema = z.enum(['individual', 'business']);
export type KycSubjectType = z.infer<typeof kycSubjectTypeSchema>;

/**
 * draft: the company fills it in; submitted: waiting for an officer; in_review: an officer
 * assessed it; information_requested: back with the company; approved and rejected: decided.
 */
export const KYC_CASE_STATUSES = ['draft', 'submitted', 'in_review', 'information_requested', 'approved', 'rejected'] as const;
export const kycCaseStatusSchema = z.enum(KYC_CASE_STATUSES);
export type KycCaseStatus = z.infer<typeof kycCaseStatusSchema>;
/** Statuses in which the company edits its case. */
export const KYC_EDITABLE_STATUSES: readonly KycCaseStatus[] = ['draft', 'information_requested'];
/** Statuses an officer decides on; an approved case may still be sent back for more information (re-verification). */
export const KYC_DECIDABLE_STATUSES: readonly KycCaseStatus[] = ['submitted', 'in_review'];
export const KYC_REOPENABLE_STATUSES: readonly KycCaseStatus[] = ['approved'];

/** docs/product.md §4 risk levels. */
export const kycRiskLevelSchema = z.enum(['low', 'medium', 'high', 'critical']);
export type KycRiskLevel = z.infer<typeof kycRiskLevelSchema>;

export const KYC_DOCUMENT_TYPES = [
  'passport',
  'national_id',
  'drivers_license',
  'proof_of_address',
  'certificate_of_incorporation',
  'articles_of_association',
  'shareholder_register',
  'tax_registration',
  'bank_statement',
  'other',
] as const;
export const kycDocumentTypeSchema = z.enum(KYC_DOCUMENT_TYPES);
export const KYC_DOCUMENT_CATEGORIES = ['identity', 'address', 'corporate', 'ownership', 'financial', 'other'] as const;
export const kycDocumentCategorySchema = z.enum(KYC_DOCUMENT_CATEGORIES);
/** docs/product.md §3 Compliance document status: uploaded, then accepted or rejected by an officer. */
export const kycDocumentStatusSchema = z.enum(['uploaded', 'accepted', 'rejected']);
export type KycDocumentStatus = z.infer<typeof kycDocumentStatusSchema>;

/** The officers' checklist; `ownership_verified` applies to businesses only. */
export const KYC_CHECKLIST_ITEMS = [
  'identity_verified',
  'address_verified',
  'ownership_verified',
  'documents_authentic',
  'sanctions_screened',
  'pep_screened',
] as const;
export const kycChecklistItemSchema = z.enum(KYC_CHECKLIST_ITEMS);
export type KycChecklistItem = z.infer<typeof kycChecklistItemSchema>;
export const kycChecklistSchema = z.partialRecord(kycChecklistItemSchema, z.boolean());
export type KycChecklist = z.infer<typeof kycChecklistSchema>;

/** The checklist items a case of this type must have ticked before approval. */
export function checklistItemsFor(subjectType: KycSubjectType): KycChecklistItem[] {
  return KYC_CHECKLIST_ITEMS.filter((item) => subjectType === 'business' || item !== 'ownership_verified');
}

const line = (max: number) => singleLineText().trim().min(1).max(max);
const optionalLine = (max: number) =>
  singleLineText()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullable()
    .optional();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, kycTexts.dateInvalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), kycTexts.dateInvalid);

/** Step "who" of an individual: the person. */
export const kycIndividualSchema = z
  .object({
    firstName: line(100),
    lastName: line(100),
    dateOfBirth: isoDate,
    nationality: countryField,
    idNumber: line(60),
    occupation: optionalLine(120),
  })
  .strict();
export type KycIndividual = z.infer<typeof kycIndividualSchema>;

/** Step "who" of a business: the legal entity. */
export const kycBusinessSchema = z
  .object({
    legalName: line(200),
    registrationNumber: line(60),
    incorporationCountry: countryField,
    incorporationDate: isoDate.nullable().optional(),
    businessActivity: optionalLine(200),
    website: optionalLine(200),
  })
  .strict();
export type KycBusiness = z.infer<typeof kycBusinessSchema>;

export const kycPartyRoleSchema = z.enum(['beneficial_owner', 'director', 'legal_representative']);
/** Step "ownership and representatives" of a business. */
export const kycPartySchema = z
  .object({
    fullName: line(160),
    role: kycPartyRoleSchema,
    ownershipPercent: z.number().min(0).max(100).nullable().optional(),
    nationality: countryField,
    dateOfBirth: isoDate.nullable().optional(),
  })
  .strict();
export type KycParty = z.infer<typeof kycPartySchema>;
export const kycPartiesSchema = z
  .array(kycPartySchema)
  .max(20)
  .refine((parties) => parties.reduce((sum, party) => sum + (party.ownershipPercent ?? 0), 0) <= 100, kycTexts.ownershipTooHigh);

/** Step "address": residence of an individual, registered address of a business. */
export const kycAddressSchema = z
  .object({
    line1: line(200),
    line2: optionalLine(200),
    city: line(120),
    region: optionalLine(120),
    postalCode: optionalLine(20),
    country: countryField,
  })
  .strict();
export type KycAddress = z.infer<typeof kycAddressSchema>;

/** The steps of the onboarding, in order; `step` records how far the company got. */
export const KYC_STEPS = ['type', 'who', 'ownership', 'address', 'documents', 'review'] as const;
export const kycStepSchema = z.enum(KYC_STEPS);
export type KycStep = z.infer<typeof kycStepSchema>;

/** PUT /kyc/case: saves the steps sent (progress kept between visits); sections left out stay as they were. */
export const saveKycCaseRequest = z
  .object({
    subjectType: kycSubjectTypeSchema.optional(),
    individual: kycIndividualSchema.nullable().optional(),
    business: kycBusinessSchema.nullable().optional(),
    parties: kycPartiesSchema.optional(),
    address: kycAddressSchema.nullable().optional(),
    step: kycStepSchema.optional(),
  })
  .strict();
export type SaveKycCaseRequest = z.input<typeof saveKycCaseRequest>;

export const kycDocumentSchema = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  documentType: kycDocumentTypeSchema,
  category: kycDocumentCategorySchema,
  notes: z.string().nullable(),
  status: kycDocumentStatusSchema,
  contentType: z.enum(KYC_DOCUMENT_CONTENT_TYPES),
  size: z.number().int().nonnegative(),
  originalName: z.string().nullable(),
  uploadedAt: z.string(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/** POST /kyc/case/documents: the file travels as multipart (field `file`), its description in the query. */
export const uploadKycDocumentQuery = z
  .object({
    documentType: kycDocumentTypeSchema,
    category: kycDocumentCategorySchema,
    notes: multiLineText().trim().max(500).optional(),
  })
  .strict();
export type UploadKycDocumentQuery = z.input<typeof uploadKycDocumentQuery>;

export const kycDocumentIdParams = z.object({ id: z.uuid() });
export const kycCaseIdParams = z.object({ id: z.uuid() });
export const kycCaseDocumentParams = z.object({ id: z.uuid(), documentId: z.uuid() });

export const kycDecisionKindSchema = z.enum(['approve', 'reject', 'request_information']);
export type KycDecisionKind = z.infer<typeof kycDecisionKindSchema>;

export const kycDecisionSchema = z.object({
  decision: kycDecisionKindSchema,
  reason: z.string().nullable(),
  riskLevel: kycRiskLevelSchema.nullable(),
  score: z.number().int().nullable(),
  decidedBy: z.object({ id: z.uuid(), name: z.string() }),
  decidedAt: z.string(),
});
export type KycDecision = z.infer<typeof kycDecisionSchema>;

const personSchema = z.object({ id: z.uuid(), name: z.string() });

/** A case as its company sees it (GET /kyc/case): the data, documents and the officers' outcome, not their internal notes. */
export const kycCaseSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  companyKycStatus: kycStatusSchema,
  subjectType: kycSubjectTypeSchema,
  status: kycCaseStatusSchema,
  step: kycStepSchema,
  individual: kycIndividualSchema.nullable(),
  business: kycBusinessSchema.nullable(),
  parties: z.array(kycPartySchema),
  address: kycAddressSchema.nullable(),
  documents: z.array(kycDocumentSchema),
  submittedAt: z.string().nullable(),
  submittedBy: personSchema.nullable(),
  /** The last decision's reason when the officers rejected the case or asked for more information. */
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** Whether the signed-in user may fill in and submit it. */
  editable: z.boolean(),
});
export type KycCase = z.infer<typeof kycCaseSchema>;

/** GET /kyc/case: the company's current case, or none yet with the company's status. */
export const kycSessionSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  companyKycStatus: kycStatusSchema,
  canEdit: z.boolean(),
  case: kycCaseSchema.nullable(),
});
export type KycSession = z.infer<typeof kycSessionSchema>;

/** A case as officers see it: the company's view plus the assessment and the decisions. */
export const kycReviewCaseSchema = kycCaseSchema.extend({
  riskLevel: kycRiskLevelSchema.nullable(),
  score: z.number().int().nullable(),
  checklist: kycChecklistSchema,
  reviewNotes: z.string().nullable(),
  decisions: z.array(kycDecisionSchema),
  /** Whether the signed-in officer may assess and decide (kyc:review, and not the submitter). */
  canDecide: z.boolean(),
  /** A decision the delegation matrix sent for approval (docs/kyc.md), until its workflow is decided. */
  pendingDecision: z.object({ decision: z.enum(['approve', 'reject']), approvalId: z.uuid() }).nullable(),
});
export type KycReviewCase = z.infer<typeof kycReviewCaseSchema>;

export const kycQueueItemSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  subjectType: kycSubjectTypeSchema,
  status: kycCaseStatusSchema,
  riskLevel: kycRiskLevelSchema.nullable(),
  score: z.number().int().nullable(),
  documentCount: z.number().int(),
  submittedAt: z.string().nullable(),
  submittedBy: personSchema.nullable(),
  updatedAt: z.string(),
});
export type KycQueueItem = z.infer<typeof kycQueueItemSchema>;

/** GET /kyc/reviews filters; without a status: the cases waiting for officers (submitted, in review). */
export const kycQueueQuery = z
  .object({
    status: z.union([kycCaseStatusSchema, z.literal('open'), z.literal('all')]).default('open'),
    riskLevel: kycRiskLevelSchema.optional(),
    subjectType: kycSubjectTypeSchema.optional(),
    search: singleLineText().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type KycQueueQuery = Omit<z.input<typeof kycQueueQuery>, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

export const kycQueueSchema = z.object({
  items: z.array(kycQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Counts per status in the officer's scope, for the queue's tabs. */
  counts: z.record(kycCaseStatusSchema, z.number().int()),
});
export type KycQueue = z.infer<typeof kycQueueSchema>;

/** PATCH /kyc/reviews/:id: the officer's assessment, any subset; saving it puts a submitted case in review. */
export const kycAssessmentRequest = z
  .object({
    riskLevel: kycRiskLevelSchema.nullable(),
    score: z.number().int().min(0).max(100).nullable(),
    checklist: kycChecklistSchema,
    reviewNotes: multiLineText().trim().max(4000).nullable(),
  })
  .partial()
  .strict();
export type KycAssessmentRequest = z.input<typeof kycAssessmentRequest>;

/** POST /kyc/reviews/:id/decision: approve, or reject / request information with a reason the company reads. */
export const kycDecisionRequest = z
  .object({
    decision: kycDecisionKindSchema,
    reason: multiLineText().trim().max(2000).optional(),
  })
  .strict()
  .refine((value) => value.decision === 'approve' || (value.reason ?? '').length > 0, { path: ['reason'], message: kycTexts.reasonRequired });
export type KycDecisionRequest = z.input<typeof kycDecisionRequest>;

/** PUT /kyc/reviews/:id/documents/:documentId: an officer accepts or rejects one document. */
export const kycDocumentReviewRequest = z.object({ status: kycDocumentStatusSchema.exclude(['uploaded']) }).strict();
export type KycDocumentReviewRequest = z.input<typeof kycDocumentReviewRequest>;

/** kyc_update (socket): a company's case changed; its screens and the officers' queue read it again. */
export const kycUpdatePayload = z.object({ caseId: z.uuid(), companyId: z.uuid(), status: kycCaseStatusSchema, companyKycStatus: kycStatusSchema });
export type KycUpdatePayload = z.infer<typeof kycUpdatePayload>;

/** The company's KYC/AML status (docs/product.md §4) a case in this status gives, unless the company is already approved and nothing was decided. */
export function companyKycStatusFor(status: KycCaseStatus): z.infer<typeof kycStatusSchema> {
  switch (status) {
    case 'draft':
      return 'not_started';
    case 'submitted':
    case 'information_requested':
      return 'pending';
    case 'in_review':
      return 'in_review';
    case 'approved':
      return 'approved';
    case 'rejected':
      return 'rejected';
  }
}
