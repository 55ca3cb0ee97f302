import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';

const ABANDONED_AFTER = '2 minutes';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Claims the key for this request; answers null when another request already holds it. */
export async function claimKey(tx: Tx, row: { tenantId: string; key: string; userId: string | null; requestHash: string; expiresAt: Date }): Promise<IdempotencyRow | null> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ ...row, state: 'in_flight' })
    .onConflictDoUpdate({
      target: [idempotencyKeys.tenantId, idempotencyKeys.key],
      set: { userId: row.userId, requestHash: row.requestHash, state: 'in_flight', responseStatus: null, responseBody: null, createdAt: sql`now()`, expiresAt: row.expiresAt },
      // An expired key is free again, and so is one whose request died mid-way (a crash);
      // a live key stays with its first request.
      setWhere: or(lt(idempotencyKeys.expiresAt, sql`now()`), and(eq(idempotencyKeys.state, 'in_flight'), lt(idempotencyKeys.createdAt, sql`now() - ${ABANDONED_AFTER}::interval`))),
    })
    .returning();
  return claimed ?? null;
}

export async function findKey(tx: Tx, key: string): Promise<IdempotencyRow | null> {
  const [row] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return row ?? null;
}

export async function completeKey(tx: Tx, key: string, response: { status: number; body: string }): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ state: 'completed', responseStatus: response.status, responseBody: response.body })
    .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')));
}

export async function releaseKey(tx: Tx, key: string): Promise<void> {
  await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')));
}

export async function deleteExpiredKeys(tx: Tx): Promise<number> {
  const deleted = await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`)).returning({ key: idempotencyKeys.key });
  return deleted.length;
}
