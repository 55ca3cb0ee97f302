import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type {
  KycCaseStatus,
  KycChecklist,
  KycDecisionKind,
  KycDocumentContentType,
  KycDocumentStatus,
  KycRiskLevel,
  KycStep,
  KycSubjectType,
} from '@carbonledger/contracts';
import { at, companyId, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';

/** A company's KYC/AML case (docs/kyc.md); `dataSealed` holds the steps' answers, sealed. */
export const kycCases = pgTable(
  'kyc_cases',
  {
    id: generatedId(),
    tenantId: tenantId(),
    companyId: companyId(),
    subjectType: text('subject_type').$type<KycSubjectType>().notNull(),
    status: text('status').$type<KycCaseStatus>().notNull().default('draft'),
    step: text('step').$type<KycStep>().notNull().default('type'),
    dataSealed: text('data_sealed').notNull(),
    riskLevel: text('risk_level').$type<KycRiskLevel>(),
    score: integer('score'),
    checklist: jsonb('checklist').$type<KycChecklist>().notNull().default({}),
    reviewNotes: text('review_notes'),
    decisionReason: text('decision_reason'),
    createdBy: userRef('created_by'),
    submittedBy: userRef('submitted_by'),
    submittedAt: at('submitted_at'),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('kyc_cases_queue').on(table.tenantId, table.status, table.submittedAt)],
);

/** A document of a case: its sealed bytes are in the file store under `cid`. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => kycCases.id),
    companyId: companyId(),
    cid: text('cid').notNull(),
    contentType: text('content_type').$type<KycDocumentContentType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    documentType: text('document_type').notNull(),
    category: text('category').notNull(),
    notes: text('notes'),
    status: text('status').$type<KycDocumentStatus>().notNull().default('uploaded'),
    uploadedBy: userRef('uploaded_by'),
    reviewedBy: userRef('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    removedAt: at('removed_at'),
    createdAt: createdAt(),
  },
  (table) => [index('kyc_documents_case').on(table.caseId)],
);

/** The officers' decisions on a case, in order. */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: generatedId(),
    tenantId: tenantId(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => kycCases.id),
    decision: text('decision').$type<KycDecisionKind>().notNull(),
    reason: text('reason'),
    riskLevel: text('risk_level').$type<KycRiskLevel>(),
    score: integer('score'),
    decidedBy: userRef('decided_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('kyc_decisions_case').on(table.caseId, table.createdAt)],
);
