import { bigint, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type {
  DiscrepancyEntityType,
  DiscrepancyResolution,
  DiscrepancyStatus,
  DiscrepancyType,
  ReconciliationRunPhase,
  Severity,
} from '@carbonledger/contracts';
import { approvalRequests } from './approvals';
import { companies } from './foundation';
import { at, companyId, createdAt, generatedId, tenantId, userRef } from './columns';
import { securityAlerts } from './identity';

export const reconciliationDiscrepancies = pgTable('reconciliation_discrepancies', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: uuid('company_id').references(() => companies.id),
  type: text('type').$type<DiscrepancyType>().notNull(),
  /** The severity of the security alert raised with it; the queue shows it as HIGH/MEDIUM/LOW (discrepancySeverityOf). */
  severity: text('severity').$type<Severity>().notNull(),
  entityType: text('entity_type').$type<DiscrepancyEntityType>().notNull(),
  entityId: text('entity_id').notNull(),
  tokenMint: text('token_mint'),
  project: text('project'),
  description: text('description').notNull(),
  expected: text('expected').notNull(),
  actual: text('actual').notNull(),
  alertId: uuid('alert_id').references(() => securityAlerts.id),
  detectedAt: at('detected_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  resolvedAt: at('resolved_at'),
  resolvedBy: userRef('resolved_by'),
  status: text('status').$type<DiscrepancyStatus>().notNull().default('open'),
  assigneeId: userRef('assignee_id'),
  resolution: text('resolution').$type<DiscrepancyResolution>(),
  resolutionReason: text('resolution_reason'),
  approvalId: uuid('approval_id').references(() => approvalRequests.id),
});

export const reconciliationAdjustments = pgTable('reconciliation_adjustments', {
  id: generatedId(),
  tenantId: tenantId(),
  tokenMint: text('token_mint').notNull(),
  discrepancyId: uuid('discrepancy_id')
    .notNull()
    .references(() => reconciliationDiscrepancies.id),
  delta: bigint('delta', { mode: 'bigint' }).notNull(),
  reason: text('reason').notNull(),
  createdBy: userRef('created_by'),
  createdAt: createdAt(),
});

export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: generatedId(),
  tenantId: tenantId(),
  requestedBy: userRef('requested_by'),
  companyId: companyId(),
  phase: text('phase').$type<ReconciliationRunPhase>().notNull().default('queued'),
  checked: integer('checked').notNull().default(0),
  total: integer('total').notNull().default(0),
  opened: integer('opened').notNull().default(0),
  seenAgain: integer('seen_again').notNull().default(0),
  error: text('error'),
  requestedAt: at('requested_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});
