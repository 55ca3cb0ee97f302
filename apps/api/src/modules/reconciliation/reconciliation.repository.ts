import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DiscrepancyType, Severity } from '@carbonledger/contracts';
import { rowsOf, type Tx } from '../../db/database';
import { chainSubmissions, reconciliationDiscrepancies, users } from '../../db/schema';
import type { SubmissionStatus } from '../../db/schema';

export type DiscrepancyRow = typeof reconciliationDiscrepancies.$inferSelect;
export type NewDiscrepancyRow = typeof reconciliationDiscrepancies.$inferInsert;

/** A submission the chain has decided, as far as the ledger knows (system work: every tenant). */
export interface DecidedSubmissionRow {
  id: string;
  tenantId: string;
  kind: string;
  status: Exclude<SubmissionStatus, 'pending' | 'sent'>;
  signature: string;
  signedTxBase64: string | null;
  lastValidBlockHeight: bigint;
  companyId: string | null;
}

/**
 * The next page (by id) of submissions recorded as confirmed, failed or expired after being sent
 * that no pass has yet seen consistent with the chain (index chain_submissions_unchecked_idx).
 */
export async function uncheckedDecidedSubmissionsAfter(tx: Tx, afterId: string | null, limit: number): Promise<DecidedSubmissionRow[]> {
  const rows = await tx
    .select({
      id: chainSubmissions.id,
      tenantId: chainSubmissions.tenantId,
      kind: chainSubmissions.kind,
      status: chainSubmissions.status,
      signature: chainSubmissions.signature,
      signedTxBase64: chainSubmissions.signedTxBase64,
      lastValidBlockHeight: chainSubmissions.lastValidBlockHeight,
      companyId: users.companyId,
    })
    .from(chainSubmissions)
    .leftJoin(users, eq(users.id, chainSubmissions.createdBy))
    .where(
      and(
        inArray(chainSubmissions.status, ['confirmed', 'failed', 'expired']),
        isNotNull(chainSubmissions.signature),
        isNull(chainSubmissions.chainCheckedAt),
        afterId ? gt(chainSubmissions.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(chainSubmissions.id))
    .limit(limit);
  return rows as DecidedSubmissionRow[];
}

/** The chain agreed with these decided submissions once: later passes no longer read them. */
export async function markChainChecked(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(chainSubmissions)
    .set({ chainCheckedAt: sql`now()` })
    .where(inArray(chainSubmissions.id, [...ids]));
}

/** A project mint with the ledger's units of it: tonnes for mints, base units for retirements, as the tables keep them. */
export interface MintLedgerRow {
  tenantId: string;
  mintAddress: string;
  name: string;
  symbol: string;
  decimals: number;
  mintedTonnes: bigint;
  mintingTonnes: bigint;
  retired: bigint;
  retiring: bigint;
}

/**
 * Every created project mint (system work: every tenant) with what the ledger minted into it and
 * is still minting (mint operations and batch chunks of its project and vintage), and what it
 * retired and is still retiring from it.
 */
export async function mintLedgers(tx: Tx): Promise<MintLedgerRow[]> {
  const rows = rowsOf<Record<string, string | number>>(
    await tx.execute(sql`
      select pm.tenant_id, pm.mint_address, pm.name, pm.symbol, pm.decimals,
        (select coalesce(sum(o.quantity), 0) from mint_operations o
          where o.tenant_id = pm.tenant_id and o.registry = pm.registry and o.project_id = pm.project_id and o.vintage = pm.vintage and o.status = 'completed')
        + (select coalesce(sum(i.units), 0) from minting_job_items i
          where i.tenant_id = pm.tenant_id and i.registry = pm.registry and i.project_id = pm.project_id and i.vintage = pm.vintage and i.status = 'minted') as minted,
        (select coalesce(sum(o.quantity), 0) from mint_operations o
          where o.tenant_id = pm.tenant_id and o.registry = pm.registry and o.project_id = pm.project_id and o.vintage = pm.vintage and o.status = 'processing')
        + (select coalesce(sum(i.units), 0) from minting_job_items i join minting_jobs j on j.id = i.job_id
          where i.tenant_id = pm.tenant_id and i.registry = pm.registry and i.project_id = pm.project_id and i.vintage = pm.vintage and i.status = 'pending'
            and j.status in ('pending', 'running', 'retrying')) as minting,
        (select coalesce(sum(r.amount), 0) from retirements r where r.tenant_id = pm.tenant_id and r.token_mint = pm.mint_address and r.status = 'completed') as retired,
        (select coalesce(sum(r.amount), 0) from retirements r where r.tenant_id = pm.tenant_id and r.token_mint = pm.mint_address and r.status = 'processing') as retiring
      from project_mints pm
      where pm.status = 'created'
      order by pm.tenant_id, pm.mint_address`),
  );
  return rows.map((row) => ({
    tenantId: String(row.tenant_id),
    mintAddress: String(row.mint_address),
    name: String(row.name),
    symbol: String(row.symbol),
    decimals: Number(row.decimals),
    mintedTonnes: BigInt(row.minted!),
    mintingTonnes: BigInt(row.minting!),
    retired: BigInt(row.retired!),
    retiring: BigInt(row.retiring!),
  }));
}

export type DiscrepancyFinding = Pick<
  NewDiscrepancyRow,
  'tenantId' | 'companyId' | 'type' | 'severity' | 'entityType' | 'entityId' | 'tokenMint' | 'project' | 'description' | 'expected' | 'actual'
>;

/** Opens a discrepancy unless one is open for the same problem (type and entity); answers it only when new. */
export async function openDiscrepancy(tx: Tx, finding: DiscrepancyFinding): Promise<DiscrepancyRow | undefined> {
  const [row] = await tx
    .insert(reconciliationDiscrepancies)
    .values(finding)
    .onConflictDoNothing({
      target: [
        reconciliationDiscrepancies.tenantId,
        reconciliationDiscrepancies.type,
        reconciliationDiscrepancies.entityType,
        reconciliationDiscrepancies.entityId,
      ],
      where: isNull(reconciliationDiscrepancies.resolvedAt),
    })
    .returning();
  return row;
}

/** A later pass found the open problem again: what it saw now (an amount may have moved further). */
export async function markSeenAgain(tx: Tx, finding: DiscrepancyFinding): Promise<void> {
  await tx
    .update(reconciliationDiscrepancies)
    .set({ expected: finding.expected, actual: finding.actual, description: finding.description, lastSeenAt: sql`now()` })
    .where(
      and(
        eq(reconciliationDiscrepancies.type, finding.type),
        eq(reconciliationDiscrepancies.entityType, finding.entityType),
        eq(reconciliationDiscrepancies.entityId, finding.entityId),
        isNull(reconciliationDiscrepancies.resolvedAt),
      ),
    );
}

export async function linkAlert(tx: Tx, id: string, alertId: string): Promise<void> {
  await tx.update(reconciliationDiscrepancies).set({ alertId }).where(eq(reconciliationDiscrepancies.id, id));
}

export interface DiscrepancyFilter {
  companyId?: string;
  status: 'open' | 'resolved' | 'all';
  type?: DiscrepancyType;
  severity?: Severity;
}

export async function listDiscrepancies(
  tx: Tx,
  filter: DiscrepancyFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DiscrepancyRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    filter.companyId ? eq(reconciliationDiscrepancies.companyId, filter.companyId) : undefined,
    filter.status === 'open'
      ? isNull(reconciliationDiscrepancies.resolvedAt)
      : filter.status === 'resolved'
        ? isNotNull(reconciliationDiscrepancies.resolvedAt)
        : undefined,
    filter.type ? eq(reconciliationDiscrepancies.type, filter.type) : undefined,
    filter.severity ? eq(reconciliationDiscrepancies.severity, filter.severity) : undefined,
  ];
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(reconciliationDiscrepancies)
    .where(where)
    .orderBy(desc(reconciliationDiscrepancies.detectedAt), asc(reconciliationDiscrepancies.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(reconciliationDiscrepancies).where(where);
  return { rows, total: total?.n ?? 0 };
}
