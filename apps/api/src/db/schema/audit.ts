import { bigint, bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './columns';

/** Checkpoints of each tenant's audit chain head, written as Memo transactions on chain (docs/audit.md). */
export const auditAnchors = pgTable('audit_anchors', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  tenantId: tenantId(),
  lastEntryId: bigint('last_entry_id', { mode: 'bigint' }).notNull(),
  entryCount: bigint('entry_count', { mode: 'bigint' }).notNull(),
  headHash: text('head_hash').notNull(),
  signature: text('signature').notNull().unique(),
  createdAt: createdAt(),
});
