import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalLevel, ApprovalOperationType } from '@carbonledger/contracts';
import { companies, tenants, users } from './foundation';
import { mintOperations } from './minting';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Approval workflows (migrations 0008 and 0022): one per operation waiting for its levels' decisions. */
export const approvalRequests = pgTable('approval_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  type: text('type').$type<ApprovalOperationType>().notNull(),
  requestorId: uuid('requestor_id').references(() => users.id),
  projectId: text('project_id'),
  credits: bigint('credits', { mode: 'bigint' }),
  status: text('status').$type<'pending' | 'approved' | 'rejected' | 'delegated'>().notNull().default('pending'),
  priority: text('priority').$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
  level: integer('level').notNull(),
  approverRole: text('approver_role').notNull(),
  timeoutAt: at('timeout_at').notNull(),
  /** The mint operation of a mint workflow (minting's own link). */
  operationId: uuid('operation_id').references(() => mintOperations.id),
  decidedBy: uuid('decided_by').references(() => users.id),
  decidedAt: at('decided_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  subjectId: text('subject_id').notNull(),
  summary: text('summary').notNull().default(''),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  levels: jsonb('levels').$type<ApprovalLevel[]>().notNull().default([]),
  totalLevels: integer('total_levels').notNull().default(1),
  matrixVersion: integer('matrix_version').notNull().default(0),
  assignedTo: uuid('assigned_to').references(() => users.id),
  escalations: integer('escalations').notNull().default(0),
  reason: text('reason'),
  executedAt: at('executed_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const approvalDecisions = pgTable('approval_decisions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  requestId: uuid('request_id')
    .notNull()
    .references(() => approvalRequests.id),
  level: integer('level').notNull(),
  decision: text('decision').$type<'requested' | 'approved' | 'rejected' | 'delegated' | 'escalated'>().notNull(),
  actorUserId: uuid('actor_user_id').references(() => users.id),
  delegateId: uuid('delegate_id').references(() => users.id),
  approverRole: text('approver_role').notNull(),
  reason: text('reason'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const approvalMatrix = pgTable(
  'approval_matrix',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    operationType: text('operation_type').$type<ApprovalOperationType>().notNull(),
    version: integer('version').notNull(),
    levels: jsonb('levels').$type<ApprovalLevel[]>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.operationType, table.version] })],
);
