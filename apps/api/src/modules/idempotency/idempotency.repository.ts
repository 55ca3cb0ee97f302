import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { PROCESS_LOCK_NAMESPACE, type Tx } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';

/** A key without an operation whose request has not finished after this long died before creating anything. */
const ABANDONED_AFTER = '2 minutes';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** The key as held by one request: its claim id fences it against a retry that took the key over. */
export interface KeyClaim {
  key: string;
  claimId: string;
}

/** The process named by the held claim no longer holds its liveness lock (Database.processKey). */
const claimantDied = and(
  isNotNull(idempotencyKeys.claimedBy),
  sql`not exists (
    select 1 from pg_locks
    where locktype = 'advisory' and granted and objsubid = 2
      and database = (select oid from pg_database where datname = current_database())
      and classid = ${PROCESS_LOCK_NAMESPACE}::bigint::oid and objid = ${idempotencyKeys.claimedBy}::bigint::oid
  )`,
);

/** Claims the key for this request; answers null when another request already holds it. */
export async function claimKey(
  tx: Tx,
  row: { tenantId: string; key: string; claimId: string; claimedBy: number | null; userId: string | null; requestHash: string; expiresAt: Date },
): Promise<IdempotencyRow | null> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ ...row, state: 'in_flight' })
    .onConflictDoUpdate({
      target: [idempotencyKeys.tenantId, idempotencyKeys.key],
      set: {
        userId: row.userId,
        requestHash: row.requestHash,
        claimId: row.claimId,
        claimedBy: row.claimedBy,
        operationId: null,
        state: 'in_flight',
        responseStatus: null,
        responseBody: null,
        createdAt: sql`now()`,
        expiresAt: row.expiresAt,
      },
      // An expired key is free again, and so is one whose request died before it created an
      // operation (a crash): its process's liveness lock is gone (on PGlite: the process
      // restarted), or, where the claim names no process, it is two minutes old. A key bound to an operation is never run again, however old.
      setWhere: or(
        lt(idempotencyKeys.expiresAt, sql`now()`),
        and(
          eq(idempotencyKeys.state, 'in_flight'),
          isNull(idempotencyKeys.operationId),
          or(lt(idempotencyKeys.createdAt, sql`now() - ${ABANDONED_AFTER}::interval`), claimantDied),
        ),
      ),
    })
    .returning();
  return claimed ?? null;
}

export async function findKey(tx: Tx, key: string): Promise<IdempotencyRow | null> {
  const [row] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return row ?? null;
}

const heldBy = (claim: KeyClaim) => and(eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.claimId, claim.claimId), eq(idempotencyKeys.state, 'in_flight'));

/** Records the operation the key's request created; false when the request no longer holds the key. */
export async function bindOperation(tx: Tx, claim: KeyClaim, operationId: string): Promise<boolean> {
  const bound = await tx
    .update(idempotencyKeys)
    .set({ operationId })
    .where(and(heldBy(claim), or(isNull(idempotencyKeys.operationId), eq(idempotencyKeys.operationId, operationId))))
    .returning({ key: idempotencyKeys.key });
  return bound.length > 0;
}

export async function completeKey(tx: Tx, claim: KeyClaim, response: { status: number; body: string }): Promise<void> {
  await tx.update(idempotencyKeys).set({ state: 'completed', responseStatus: response.status, responseBody: response.body }).where(heldBy(claim));
}

/** Frees a key whose request failed before it created an operation; a key with an operation stays with it. */
export async function releaseKey(tx: Tx, claim: KeyClaim): Promise<void> {
  await tx.delete(idempotencyKeys).where(and(heldBy(claim), isNull(idempotencyKeys.operationId)));
}

export async function deleteExpiredKeys(tx: Tx): Promise<number> {
  const deleted = await tx
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
