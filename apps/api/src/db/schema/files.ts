import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FileContentType } from '@carbonledger/contracts';
import { tenants, users } from './foundation';

/** Who uploaded which content (by CID) in a tenant; the bytes live in DATA_DIR/files. */
export const files = pgTable(
  'files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    cid: text('cid').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    contentType: text('content_type').$type<FileContentType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('files_one_per_content').on(table.tenantId, table.cid)],
);
