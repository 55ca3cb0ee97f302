import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/** Records an upload; the tenant's earlier record of the same content wins (created false). */
export async function recordFile(tx: Tx, row: NewFileRow): Promise<{ file: FileRow; created: boolean }> {
  const [inserted] = await tx
    .insert(files)
    .values(row)
    .onConflictDoNothing({ target: [files.tenantId, files.cid] })
    .returning();
  if (inserted) return { file: inserted, created: true };
  const [existing] = await tx
    .select()
    .from(files)
    .where(and(eq(files.tenantId, row.tenantId), eq(files.cid, row.cid)));
  return { file: existing!, created: false };
}
