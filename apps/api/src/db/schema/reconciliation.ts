import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DiscrepancyEntityType, DiscrepancyType, Severity } from '@carbonledger/contracts';
import { companies, tenants, users } from './foundation';
import { securityAlerts } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const reconciliationDiscrepancies = pgTable('reconciliation_discrepancies', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  companyId: uuid('company_id').references(() => companies.id),
  type: text('type').$type<DiscrepancyType>().notNull(),
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
  resolvedBy: uuid('resolved_by').references(() => users.id),
});
