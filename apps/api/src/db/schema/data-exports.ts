import { bigint, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DataExportFormat, DataExportStatus, DataExportType, Role } from '@carbonledger/contracts';
import { companies } from './foundation';
import { at, createdAt, generatedId, tenantId, userRef } from './columns';

/** A requested data export and its file's life (migration 0038, docs/product.md §3 Data export). */
export const dataExports = pgTable('data_exports', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: uuid('company_id').references(() => companies.id),
  requestedBy: userRef('requested_by').notNull(),
  requestedRole: text('requested_role').$type<Role>().notNull(),
  type: text('type').$type<DataExportType>().notNull(),
  format: text('format').$type<DataExportFormat>().notNull(),
  status: text('status').$type<DataExportStatus>().notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  rowCount: integer('row_count').notNull().default(0),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  retentionDays: integer('retention_days').notNull(),
  error: text('error'),
  createdAt: createdAt(),
  completedAt: at('completed_at'),
  expiresAt: at('expires_at'),
  deletedAt: at('deleted_at'),
});
