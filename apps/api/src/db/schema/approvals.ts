import { bigint, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalLevel, ApprovalOperationType } from '@carbonledger/contracts';
import { at, companyId, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';
import { mintOperations } from './minting';

/** Approval workflows (migrations 0008 and 0022): one per operation waiting for its levels' decisions. */
export const approvalRequests = pgTable('approval_requests', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  type: text('type').$type<ApprovalOperationType>().notNull(),
  requestorId: userRef('requestor_id'),
  projectId: text('project_id'),
  credits: bigint('credits', { mode: 'bigint' }),
  status: text('status').$type<'pending' | 'approved' | 'rejected' | 'delegated'>().notNull().default('pending'),
  priority: text('priority').$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
  level: integer('level').notNull(),
  approverRole: text('approver_role').notNull(),
  timeoutAt: at('timeout_at').notNull(),
  /** The mint operation of a mint workflow (minting's own link). */
  operationId: uuid('operation_id').references(() => mintOperations.id),
  decidedBy: userRef('decided_by'),
  decidedAt: at('decided_at'),
  createdAt: createdAt(),
  subjectId: text('subject_id').notNull(),
  summary: text('summary').notNull().default(''),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  levels: jsonb('levels').$type<ApprovalLevel[]>().notNull().default([]),
  totalLevels: integer('total_levels').notNull().default(1),
  matrixVersion: integer('matrix_version').notNull().default(0),
  assignedTo: userRef('assigned_to'),
  escalations: integer('escalations').notNull().default(0),
  reason: text('reason'),
  executedAt: at('executed_at'),
  updatedAt: updatedAt(),
});

export const approvalDecisions = pgTable('approval_decisions', {
  id: generatedId(),
  tenantId: tenantId(),
  requestId: uuid('request_id')
    .notNull()
    .references(() => approvalRequests.id),
  level: integer('level').notNull(),
  decision: text('decision').$type<'requested' | 'approved' | 'rejected' | 'delegated' | 'escalated'>().notNull(),
  actorUserId: userRef('actor_user_id'),
  delegateId: userRef('delegate_id'),
  approverRole: text('approver_role').notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
});

export const approvalMatrix = pgTable(
  'approval_matrix',
  {
    tenantId: tenantId(),
    operationType: text('operation_type').$type<ApprovalOperationType>().notNull(),
    version: integer('version').notNull(),
    levels: jsonb('levels').$type<ApprovalLevel[]>().notNull(),
    updatedBy: userRef('updated_by'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.operationType, table.version] })],
);
