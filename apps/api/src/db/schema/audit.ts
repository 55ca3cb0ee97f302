import { bigint, bigserial, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './foundation';

/** Checkpoints of each tenant's audit chain head, written as Memo transactions on chain (docs/audit.md). */
export const auditAnchors = pgTable('audit_anchors', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  lastEntryId: bigint('last_entry_id', { mode: 'bigint' }).notNull(),
  entryCount: bigint('entry_count', { mode: 'bigint' }).notNull(),
  headHash: text('head_hash').notNull(),
  signature: text('signature').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
