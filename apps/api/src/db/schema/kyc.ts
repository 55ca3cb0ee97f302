import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
import { companies, tenants, users } from './foundation';

/** A company's KYC/AML case (docs/kyc.md); `dataSealed` holds the steps' answers, sealed. */
export const kycCases = pgTable(
  'kyc_cases',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    subjectType: text('subject_type').$type<KycSubjectType>().notNull(),
    status: text('status').$type<KycCaseStatus>().notNull().default('draft'),
    step: text('step').$type<KycStep>().notNull().default('type'),
    dataSealed: text('data_sealed').notNull(),
    riskLevel: text('risk_level').$type<KycRiskLevel>(),
    score: integer('score'),
    checklist: jsonb('checklist').$type<KycChecklist>().notNull().default({}),
    reviewNotes: text('review_notes'),
    decisionReason: text('decision_reason'),
    createdBy: uuid('created_by').references(() => users.id),
    submittedBy: uuid('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kyc_cases_queue').on(table.tenantId, table.status, table.submittedAt)],
);

/** A document of a case: its sealed bytes are in the file store under `cid`. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id')
      .notNull()
      .references(() => kycCases.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    cid: text('cid').notNull(),
    contentType: text('content_type').$type<KycDocumentContentType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    documentType: text('document_type').notNull(),
    category: text('category').notNull(),
    notes: text('notes'),
    status: text('status').$type<KycDocumentStatus>().notNull().default('uploaded'),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kyc_documents_case').on(table.caseId)],
);

/** The officers' decisions on a case, in order. */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id')
      .notNull()
      .references(() => kycCases.id),
    decision: text('decision').$type<KycDecisionKind>().notNull(),
    reason: text('reason'),
    riskLevel: text('risk_level').$type<KycRiskLevel>(),
    score: integer('score'),
    decidedBy: uuid('decided_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kyc_decisions_case').on(table.caseId, table.createdAt)],
);
