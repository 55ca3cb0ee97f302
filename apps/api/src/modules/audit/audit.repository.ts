import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { rowsOf } from '../../db/database';
import { auditAnchors, auditLog, tenants } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
export type AuditAnchorRow = typeof auditAnchors.$inferSelect;
export type NewAuditAnchorRow = typeof auditAnchors.$inferInsert;

/** Serialises appends per tenant so each entry links to the one before it. */
export async function lockTenantChain(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit:${tenantId}`}))`);
}

export async function lastHash(tx: Tx, tenantId: string): Promise<string | null> {
  const [row] = await tx.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.tenantId, tenantId)).orderBy(desc(auditLog.id)).limit(1);
  return row?.hash ?? null;
}

export async function insertEntry(tx: Tx, entry: NewAuditRow): Promise<AuditRow> {
  const [row] = await tx.insert(auditLog).values(entry).returning();
  return row!;
}

/** The tenant's entries after `afterId`, oldest first: the verifier walks the chain page by page. */
export async function entriesAfter(tx: Tx, tenantId: string, afterId: bigint, limit: number): Promise<AuditRow[]> {
  return tx
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

export interface ChainHead {
  entryId: bigint;
  hash: string;
}

export async function chainHead(tx: Tx, tenantId: string): Promise<ChainHead | null> {
  const [row] = await tx
    .select({ entryId: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .where(eq(auditLog.tenantId, tenantId))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ?? null;
}

export async function entryHashAt(tx: Tx, tenantId: string, entryId: bigint): Promise<string | null> {
  const [row] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.id, entryId)));
  return row?.hash ?? null;
}

export async function countEntriesUpTo(tx: Tx, tenantId: string, entryId: bigint): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), lte(auditLog.id, entryId)));
  return row?.value ?? 0;
}

export async function insertAnchor(tx: Tx, anchor: NewAuditAnchorRow): Promise<AuditAnchorRow> {
  const [row] = await tx.insert(auditAnchors).values(anchor).returning();
  return row!;
}

export async function anchorsInOrder(tx: Tx, tenantId: string): Promise<AuditAnchorRow[]> {
  return tx.select().from(auditAnchors).where(eq(auditAnchors.tenantId, tenantId)).orderBy(asc(auditAnchors.id));
}

export async function tenantIds(tx: Tx): Promise<string[]> {
  return (await tx.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.createdAt))).map((row) => row.id);
}

export interface AnchorCandidate {
  tenantId: string;
  headEntryId: bigint;
  headHash: string;
  anchoredHash: string | null;
  /** When the oldest entry the last anchor does not cover was written; null when it covers them all. */
  oldestUnanchoredAt: Date | null;
}

/** Across tenants (run as the schema owner): every tenant with entries, its head and what its last anchor covered. */
export async function anchorCandidates(tx: Tx): Promise<AnchorCandidate[]> {
  const rows = rowsOf<{ tenant_id: string; head_id: string; head_hash: string; anchored_hash: string | null; oldest_unanchored_at: string | Date | null }>(
    await tx.execute(sql`
      select t.id as tenant_id, head.id as head_id, head.hash as head_hash, anchor.head_hash as anchored_hash,
        (select min(l.created_at) from audit_log l where l.tenant_id = t.id and l.id > coalesce(anchor.last_entry_id, 0)) as oldest_unanchored_at
      from tenants t
      join lateral (select id, hash from audit_log where tenant_id = t.id order by id desc limit 1) head on true
      left join lateral (select last_entry_id, head_hash from audit_anchors where tenant_id = t.id order by id desc limit 1) anchor on true`),
  );
  return rows.map((row) => ({
    tenantId: row.tenant_id,
    headEntryId: BigInt(row.head_id),
    headHash: row.head_hash,
    anchoredHash: row.anchored_hash,
    oldestUnanchoredAt: row.oldest_unanchored_at === null ? null : new Date(row.oldest_unanchored_at),
  }));
}
