// SQL of the reconciliation module only. Over ~300 lines because one module holds three tables of its own
// (discrepancies, adjustments, runs) and the pass's reads of the ledger and the registry; each query is short.
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DiscrepancyType, Role, Severity } from '@carbonledger/contracts';
import { rowsOf, type Tx } from '../../db/database';
import { chainSubmissions, reconciliationAdjustments, reconciliationDiscrepancies, reconciliationRuns, users, vcuBlocks } from '../../db/schema';
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
export async function uncheckedDecidedSubmissionsAfter(tx: Tx, afterId: string | null, limit: number, tenantId?: string): Promise<DecidedSubmissionRow[]> {
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
        tenantId ? eq(chainSubmissions.tenantId, tenantId) : undefined,
      ),
    )
    .orderBy(asc(chainSubmissions.id))
    .limit(limit);
  return rows as DecidedSubmissionRow[];
}

/** The chain agreed with these decided submissions once: later passes no longer read them. */
export async function markChainChecked(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // One array parameter, not a list of a thousand: PGlite plans and binds it several times faster.
  await tx
    .update(chainSubmissions)
    .set({ chainCheckedAt: sql`now()` })
    .where(sql`${chainSubmissions.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
}

/**
 * A project mint with the ledger's units of it: tonnes for mints, base units for retirements and
 * adjustments, as the tables keep them; and the registry's VCUs of it, in tonnes.
 */
export interface MintLedgerRow {
  tenantId: string;
  mintAddress: string;
  name: string;
  symbol: string;
  vintage: number;
  decimals: number;
  mintedTonnes: bigint;
  mintingTonnes: bigint;
  retired: bigint;
  retiring: bigint;
  /** Sum of the reconciliation adjustments (never above zero): supply the ledger accepted as gone. */
  adjusted: bigint;
  /** VCUs tokenised into this mint and not retired: locked in the registry. */
  registryLocked: bigint;
  registryRetired: bigint;
}

/**
 * Every created project mint (system work: every tenant, or one; or one mint) with what the
 * ledger minted into it and is still minting (mint operations and batch chunks of its project
 * and vintage), what it retired and is still retiring from it, what reconciliation adjusted, and
 * its VCUs locked and retired in the registry.
 */
export async function mintLedgers(tx: Tx, only: { tenantId?: string; mintAddress?: string } = {}): Promise<MintLedgerRow[]> {
  const tenant = (column: SQL) => (only.tenantId ? sql`and ${column} = ${only.tenantId}` : sql``);
  // Each table is read once and grouped (not once per mint): a pass over many mints stays one scan per table.
  const rows = rowsOf<Record<string, string | number>>(
    await tx.execute(sql`
      with ops as (
        select o.tenant_id, o.registry, o.project_id, o.vintage,
          coalesce(sum(o.quantity) filter (where o.status = 'completed'), 0) as minted,
          coalesce(sum(o.quantity) filter (where o.status = 'processing'), 0) as minting
        from mint_operations o where o.status in ('completed', 'processing') ${tenant(sql`o.tenant_id`)}
        group by 1, 2, 3, 4),
      items as (
        select i.tenant_id, i.registry, i.project_id, i.vintage,
          coalesce(sum(i.units) filter (where i.status = 'minted'), 0) as minted,
          coalesce(sum(i.units) filter (where i.status = 'pending' and j.status in ('pending', 'running', 'retrying')), 0) as minting
        from minting_job_items i join minting_jobs j on j.id = i.job_id
        where i.status in ('minted', 'pending') ${tenant(sql`i.tenant_id`)}
        group by 1, 2, 3, 4),
      rets as (
        select r.tenant_id, r.token_mint,
          coalesce(sum(r.amount) filter (where r.status = 'completed'), 0) as retired,
          coalesce(sum(r.amount) filter (where r.status = 'processing'), 0) as retiring
        from retirements r where r.status in ('completed', 'processing') ${tenant(sql`r.tenant_id`)}
        group by 1, 2),
      adjs as (
        select a.tenant_id, a.token_mint, sum(a.delta) as adjusted
        from reconciliation_adjustments a where true ${tenant(sql`a.tenant_id`)}
        group by 1, 2),
      blocks as (
        select b.tenant_id, b.mint_address,
          coalesce(sum(b.block_end - b.block_start + 1) filter (where b.status = 'tokenised'), 0) as locked,
          coalesce(sum(b.block_end - b.block_start + 1) filter (where b.status = 'retired'), 0) as retired
        from vcu_blocks b where b.mint_address is not null and b.status in ('tokenised', 'retired') ${tenant(sql`b.tenant_id`)}
        group by 1, 2)
      select pm.tenant_id, pm.mint_address, pm.name, pm.symbol, pm.vintage, pm.decimals,
        coalesce(ops.minted, 0) + coalesce(items.minted, 0) as minted,
        coalesce(ops.minting, 0) + coalesce(items.minting, 0) as minting,
        coalesce(rets.retired, 0) as retired,
        coalesce(rets.retiring, 0) as retiring,
        coalesce(adjs.adjusted, 0) as adjusted,
        coalesce(blocks.locked, 0) as registry_locked,
        coalesce(blocks.retired, 0) as registry_retired
      from project_mints pm
      left join ops on ops.tenant_id = pm.tenant_id and ops.registry = pm.registry and ops.project_id = pm.project_id and ops.vintage = pm.vintage
      left join items on items.tenant_id = pm.tenant_id and items.registry = pm.registry and items.project_id = pm.project_id and items.vintage = pm.vintage
      left join rets on rets.tenant_id = pm.tenant_id and rets.token_mint = pm.mint_address
      left join adjs on adjs.tenant_id = pm.tenant_id and adjs.token_mint = pm.mint_address
      left join blocks on blocks.tenant_id = pm.tenant_id and blocks.mint_address = pm.mint_address
      where pm.status = 'created'
        ${tenant(sql`pm.tenant_id`)}
        ${only.mintAddress ? sql`and pm.mint_address = ${only.mintAddress}` : sql``}
      order by pm.tenant_id, pm.mint_address`),
  );
  return rows.map((row) => ({
    tenantId: String(row.tenant_id),
    mintAddress: String(row.mint_address),
    name: String(row.name),
    symbol: String(row.symbol),
    vintage: Number(row.vintage),
    decimals: Number(row.decimals),
    mintedTonnes: BigInt(row.minted!),
    mintingTonnes: BigInt(row.minting!),
    retired: BigInt(row.retired!),
    retiring: BigInt(row.retiring!),
    adjusted: BigInt(row.adjusted!),
    registryLocked: BigInt(row.registry_locked!),
    registryRetired: BigInt(row.registry_retired!),
  }));
}

/** Unchecked decided submissions (of one tenant or all): the size of a pass's first phase. */
export async function countUncheckedSubmissions(tx: Tx, tenantId?: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(chainSubmissions)
    .where(
      and(
        inArray(chainSubmissions.status, ['confirmed', 'failed', 'expired']),
        isNotNull(chainSubmissions.signature),
        isNull(chainSubmissions.chainCheckedAt),
        tenantId ? eq(chainSubmissions.tenantId, tenantId) : undefined,
      ),
    );
  return row?.n ?? 0;
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
  severities?: Severity[];
  search?: string;
  assigneeId?: string;
}

export type DiscrepancyViewRow = DiscrepancyRow & { assigneeName: string | null; submissionKind: string | null };

const assignee = alias(users, 'assignee');
const viewColumns = {
  row: reconciliationDiscrepancies,
  assigneeFirst: assignee.firstName,
  assigneeLast: assignee.lastName,
  submissionKind: chainSubmissions.kind,
};
const submissionOfDiscrepancy = and(
  eq(reconciliationDiscrepancies.entityType, 'chain_submission'),
  sql`${chainSubmissions.id}::text = ${reconciliationDiscrepancies.entityId}`,
);

function toViewRow(row: { row: DiscrepancyRow; assigneeFirst: string | null; assigneeLast: string | null; submissionKind: string | null }): DiscrepancyViewRow {
  return {
    ...row.row,
    assigneeName: row.assigneeFirst === null ? null : `${row.assigneeFirst} ${row.assigneeLast ?? ''}`.trim(),
    submissionKind: row.submissionKind,
  };
}

/** A search matches part of the project's name or the token id (LIKE wildcards taken literally). */
function searchCondition(search: string): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(
    ilike(reconciliationDiscrepancies.project, pattern),
    ilike(reconciliationDiscrepancies.tokenMint, pattern),
    ilike(reconciliationDiscrepancies.entityId, pattern),
  )!;
}

export async function listDiscrepancies(
  tx: Tx,
  filter: DiscrepancyFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DiscrepancyViewRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    filter.companyId ? eq(reconciliationDiscrepancies.companyId, filter.companyId) : undefined,
    filter.status === 'open'
      ? isNull(reconciliationDiscrepancies.resolvedAt)
      : filter.status === 'resolved'
        ? isNotNull(reconciliationDiscrepancies.resolvedAt)
        : undefined,
    filter.type ? eq(reconciliationDiscrepancies.type, filter.type) : undefined,
    filter.severities ? inArray(reconciliationDiscrepancies.severity, filter.severities) : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
    filter.assigneeId ? eq(reconciliationDiscrepancies.assigneeId, filter.assigneeId) : undefined,
  ];
  const where = and(...conditions);
  const rows = await tx
    .select(viewColumns)
    .from(reconciliationDiscrepancies)
    .leftJoin(assignee, eq(assignee.id, reconciliationDiscrepancies.assigneeId))
    .leftJoin(chainSubmissions, submissionOfDiscrepancy)
    .where(where)
    .orderBy(desc(reconciliationDiscrepancies.detectedAt), asc(reconciliationDiscrepancies.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(reconciliationDiscrepancies).where(where);
  return { rows: rows.map(toViewRow), total: total?.n ?? 0 };
}

export async function findDiscrepancyView(tx: Tx, id: string): Promise<DiscrepancyViewRow | undefined> {
  const [row] = await tx
    .select(viewColumns)
    .from(reconciliationDiscrepancies)
    .leftJoin(assignee, eq(assignee.id, reconciliationDiscrepancies.assigneeId))
    .leftJoin(chainSubmissions, submissionOfDiscrepancy)
    .where(eq(reconciliationDiscrepancies.id, id));
  return row ? toViewRow(row) : undefined;
}

/** The discrepancy locked for a change: two resolutions of one discrepancy run one after the other. */
export async function lockDiscrepancy(tx: Tx, id: string): Promise<DiscrepancyRow | undefined> {
  const [row] = await tx.select().from(reconciliationDiscrepancies).where(eq(reconciliationDiscrepancies.id, id)).for('update');
  return row;
}

export async function updateDiscrepancy(tx: Tx, id: string, change: Partial<NewDiscrepancyRow>): Promise<DiscrepancyRow> {
  const [row] = await tx.update(reconciliationDiscrepancies).set(change).where(eq(reconciliationDiscrepancies.id, id)).returning();
  return row!;
}

/** Open discrepancies per token mint (the summary's count), in the reader's company scope. */
export async function openCountsByMint(tx: Tx, companyId?: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ mint: reconciliationDiscrepancies.tokenMint, n: count() })
    .from(reconciliationDiscrepancies)
    .where(
      and(
        isNull(reconciliationDiscrepancies.resolvedAt),
        isNotNull(reconciliationDiscrepancies.tokenMint),
        companyId ? eq(reconciliationDiscrepancies.companyId, companyId) : undefined,
      ),
    )
    .groupBy(reconciliationDiscrepancies.tokenMint);
  return new Map(rows.map((row) => [row.mint!, row.n]));
}

/** Token mints the company tokenised VCUs into (the summary of a company-scoped reader). */
export async function mintsOfCompany(tx: Tx, companyId: string): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ mint: vcuBlocks.mintAddress })
    .from(vcuBlocks)
    .where(and(eq(vcuBlocks.companyId, companyId), isNotNull(vcuBlocks.mintAddress)));
  return new Set(rows.map((row) => row.mint!));
}

export async function insertAdjustment(tx: Tx, row: typeof reconciliationAdjustments.$inferInsert): Promise<void> {
  await tx.insert(reconciliationAdjustments).values(row).onConflictDoNothing({ target: reconciliationAdjustments.discrepancyId });
}

export type SubmissionRow = typeof chainSubmissions.$inferSelect;

export async function findSubmissionRow(tx: Tx, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await tx.select().from(chainSubmissions).where(eq(chainSubmissions.id, id));
  return row;
}

/** A status correction of a decided submission to what the chain says. */
export async function setSubmissionStatus(tx: Tx, id: string, status: 'confirmed' | 'failed' | 'expired', error: string | null): Promise<void> {
  await tx
    .update(chainSubmissions)
    .set({ status, error, updatedAt: sql`now()` })
    .where(eq(chainSubmissions.id, id));
}

/** Active users of the tenant with one of these roles (and of this company, when given): who may be assigned. */
export async function assignableUsers(tx: Tx, roles: readonly Role[], companyId?: string) {
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.status, 'active'), inArray(users.role, [...roles]), companyId ? eq(users.companyId, companyId) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

export type RunRow = typeof reconciliationRuns.$inferSelect;

export async function insertRun(tx: Tx, row: typeof reconciliationRuns.$inferInsert): Promise<RunRow> {
  const [inserted] = await tx.insert(reconciliationRuns).values(row).returning();
  return inserted!;
}

export async function updateRun(tx: Tx, id: string, change: Partial<typeof reconciliationRuns.$inferInsert>): Promise<RunRow> {
  const [row] = await tx.update(reconciliationRuns).set(change).where(eq(reconciliationRuns.id, id)).returning();
  return row!;
}

export async function findRun(tx: Tx, id: string): Promise<RunRow | undefined> {
  const [row] = await tx.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  return row;
}

export async function latestRun(tx: Tx): Promise<RunRow | undefined> {
  const [row] = await tx.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.requestedAt)).limit(1);
  return row;
}
