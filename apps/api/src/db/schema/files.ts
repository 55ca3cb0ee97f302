import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FileContentType } from '@carbonledger/contracts';
import { createdAt, generatedId, tenantId, userRef } from './columns';

/** Who uploaded which content (by CID) in a tenant; the bytes live in DATA_DIR/files. */
export const files = pgTable(
  'files',
  {
    id: generatedId(),
    tenantId: tenantId(),
    cid: text('cid').notNull(),
    uploadedBy: userRef('uploaded_by'),
    contentType: text('content_type').$type<FileContentType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('files_one_per_content').on(table.tenantId, table.cid)],
);
