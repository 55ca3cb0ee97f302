import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { platformKeys, type PlatformKeyPurpose } from '../../db/schema';

export type PlatformKeyRow = typeof platformKeys.$inferSelect;

export async function findPlatformKey(tx: Tx, tenantId: string, purpose: PlatformKeyPurpose): Promise<PlatformKeyRow | null> {
  const [row] = await tx
    .select()
    .from(platformKeys)
    .where(and(eq(platformKeys.tenantId, tenantId), eq(platformKeys.purpose, purpose)));
  return row ?? null;
}

/** Inserts unless the tenant already has a key for this purpose; either way returns the stored one. */
export async function insertPlatformKeyOnce(tx: Tx, row: typeof platformKeys.$inferInsert): Promise<PlatformKeyRow> {
  await tx
    .insert(platformKeys)
    .values(row)
    .onConflictDoNothing({ target: [platformKeys.tenantId, platformKeys.purpose] });
  return (await findPlatformKey(tx, row.tenantId, row.purpose))!;
}

export async function listPlatformKeys(tx: Tx, tenantId: string): Promise<PlatformKeyRow[]> {
  return tx.select().from(platformKeys).where(eq(platformKeys.tenantId, tenantId));
}
