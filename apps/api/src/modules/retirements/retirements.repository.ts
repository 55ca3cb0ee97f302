import { and, count, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { RetirementStatus } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { certificates, chainSubmissions, companies, projectMints, reconciliationDiscrepancies as discrepancies, retirements } from '../../db/schema';

export type RetirementRow = typeof retirements.$inferSelect;
export type NewRetirementRow = typeof retirements.$inferInsert;
export type SubmissionRow = typeof chainSubmissions.$inferSelect;
export type ProjectMintRow = typeof projectMints.$inferSelect;

/** A retirement with the facts the list shows beside it. */
export interface RetirementView extends RetirementRow {
  companyName: string;
  certificateId: string | null;
  /** An open reconciliation discrepancy saying its burn is not on chain (missing, or failed there); null when none. */
  burnDiscrepancy: string | null;
}

const burnDiscrepancy = sql<string | null>`(
  select ${discrepancies.description} from ${discrepancies}
  where ${discrepancies.entityType} = 'chain_submission' and ${discrepancies.entityId} = ${retirements.transactionId}::text
    and ${discrepancies.type} in ('MISSING_ON_CHAIN', 'STATUS_MISMATCH') and ${discrepancies.resolvedAt} is null
  order by ${discrepancies.detectedAt} limit 1)`;

const viewColumns = { retirement: retirements, companyName: companies.name, certificateId: certificates.id, burnDiscrepancy };

function toView(row: { retirement: RetirementRow; companyName: string; certificateId: string | null; burnDiscrepancy: string | null }): RetirementView {
  return { ...row.retirement, companyName: row.companyName, certificateId: row.certificateId, burnDiscrepancy: row.burnDiscrepancy };
}

function viewQuery(tx: Tx) {
  return tx
    .select(viewColumns)
    .from(retirements)
    .innerJoin(companies, eq(companies.id, retirements.companyId))
    .leftJoin(certificates, eq(certificates.retirementId, retirements.id));
}

export async function insertRetirement(tx: Tx, values: NewRetirementRow): Promise<RetirementRow> {
  const [row] = await tx.insert(retirements).values(values).returning();
  return row!;
}

export async function findRetirement(tx: Tx, id: string): Promise<RetirementRow | undefined> {
  const [row] = await tx.select().from(retirements).where(eq(retirements.id, id));
  return row;
}

export async function findRetirementForUpdate(tx: Tx, id: string): Promise<RetirementRow | undefined> {
  const [row] = await tx.select().from(retirements).where(eq(retirements.id, id)).for('update');
  return row;
}

export async function findRetirementView(tx: Tx, id: string): Promise<RetirementView | undefined> {
  const [row] = await viewQuery(tx).where(eq(retirements.id, id));
  return row ? toView(row) : undefined;
}

export async function updateRetirement(tx: Tx, id: string, change: Partial<NewRetirementRow>): Promise<RetirementRow> {
  const [row] = await tx
    .update(retirements)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(retirements.id, id))
    .returning();
  return row!;
}

/**
 * Moves a retirement on only from the status its caller read: of two reconcilers that saw the
 * same step (a request and the sweep), one moves it, the other gets undefined and announces nothing.
 */
export async function transitionRetirement(tx: Tx, id: string, from: RetirementStatus, change: Partial<NewRetirementRow>): Promise<RetirementRow | undefined> {
  const [row] = await tx
    .update(retirements)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(retirements.id, id), eq(retirements.status, from)))
    .returning();
  return row;
}

export interface RetirementFilter {
  companyId?: string;
  status?: RetirementStatus;
}

function filterOf(filter: RetirementFilter): SQL | undefined {
  return and(filter.companyId ? eq(retirements.companyId, filter.companyId) : undefined, filter.status ? eq(retirements.status, filter.status) : undefined);
}

/** A page of the list, and how many rows match counted up to `countLimit` (docs/lists.md). */
export async function listRetirementViews(
  tx: Tx,
  filter: RetirementFilter,
  page: { limit: number; offset: number },
  countLimit: number,
): Promise<{ rows: RetirementView[]; matching: number }> {
  const where = filterOf(filter);
  // The page's ids first, read in order from the page indexes (migrations 0040, 0042): the joins and
  // the discrepancy look-up then run for these rows only, not for every row the offset skips.
  const ids = tx
    .select({ id: retirements.id })
    .from(retirements)
    .where(where)
    .orderBy(desc(retirements.createdAt), desc(retirements.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const rows = await viewQuery(tx).innerJoin(ids, eq(ids.id, retirements.id)).orderBy(desc(retirements.createdAt), desc(retirements.id));
  const matchingRows = tx
    .select({ one: sql`1` })
    .from(retirements)
    .where(where)
    .limit(countLimit)
    .as('matching');
  const [matching] = await tx.select({ value: count() }).from(matchingRows);
  return { rows: rows.map(toView), matching: Number(matching?.value ?? 0) };
}

/** docs/product.md §2 stat cards: retired tCO2e (base units summed per decimals), certificates, confirmed retirement transactions. */
export async function retirementStats(
  tx: Tx,
  companyId: string | undefined,
): Promise<{ retired: { amount: bigint; decimals: number }[]; certificates: number; transactions: number }> {
  const retired = await tx
    .select({ amount: sql<string>`coalesce(sum(${retirements.amount}), 0)::text`, decimals: retirements.decimals })
    .from(retirements)
    .where(and(eq(retirements.status, 'completed'), companyId ? eq(retirements.companyId, companyId) : undefined))
    .groupBy(retirements.decimals);
  const [issued] = await tx
    .select({ value: count() })
    .from(certificates)
    .where(companyId ? eq(certificates.companyId, companyId) : undefined);
  const [transactions] = await tx
    .select({ value: count() })
    .from(chainSubmissions)
    .innerJoin(retirements, sql`${chainSubmissions.reference}->>'retirementId' = ${retirements.id}::text`)
    .where(
      and(
        eq(chainSubmissions.status, 'confirmed'),
        sql`${chainSubmissions.kind} like 'retirement.%'`,
        companyId ? eq(retirements.companyId, companyId) : undefined,
      ),
    );
  return {
    retired: retired.map((row) => ({ amount: BigInt(row.amount), decimals: row.decimals })),
    certificates: Number(issued?.value ?? 0),
    transactions: Number(transactions?.value ?? 0),
  };
}

/**
 * Amount of a token account's tokens promised to retirements that have not burnt yet: the
 * balance check of a new retirement leaves them alone.
 */
export async function reservedAmount(tx: Tx, walletAddress: string, tokenMint: string): Promise<bigint> {
  const [row] = await tx
    .select({ value: sql<string>`coalesce(sum(${retirements.amount}), 0)::text` })
    .from(retirements)
    .where(
      and(
        eq(retirements.walletAddress, walletAddress),
        eq(retirements.tokenMint, tokenMint),
        inArray(retirements.status, ['awaiting_approval', 'pending', 'awaiting_signature', 'scheduled', 'processing']),
      ),
    );
  return BigInt(row?.value ?? '0');
}

/**
 * What the platform's retirement delegate must be allowed on a token account: the sum of the
 * account's scheduled retirements whose approval is in effect or being sent and that have not
 * burnt yet (scheduled, or processing with a schedule). SPL Approve replaces the allowance, so
 * every approval carries this whole sum; `excluding` leaves one retirement out.
 */
export async function scheduledSum(tx: Tx, walletAddress: string, tokenMint: string, options: { excluding?: string } = {}): Promise<bigint> {
  const [row] = await tx
    .select({ value: sql<string>`coalesce(sum(${retirements.amount}), 0)::text` })
    .from(retirements)
    .where(
      and(
        eq(retirements.walletAddress, walletAddress),
        eq(retirements.tokenMint, tokenMint),
        sql`(${retirements.status} = 'scheduled' or (${retirements.status} = 'processing' and ${retirements.scheduledFor} is not null))`,
        options.excluding ? sql`${retirements.id} <> ${options.excluding}` : undefined,
      ),
    );
  return BigInt(row?.value ?? '0');
}

/** Serialises allowance changes of one token account (two schedules of the same account must not interleave). */
export async function lockTokenAccount(tx: Tx, walletAddress: string, tokenMint: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`retirement-allowance:${walletAddress}:${tokenMint}`}))`);
}

/**
 * Retirements the sweep looks at, across tenants: scheduled ones whose time has come (also
 * those missed while the server was down), processing ones without a live runner, and
 * pending ones whose transaction was sent another way (the sign tool).
 */
export async function dueRetirements(tx: Tx, now: Date): Promise<Pick<RetirementRow, 'id' | 'tenantId' | 'status'>[]> {
  const sentElsewhere = (column: typeof retirements.transactionId | typeof retirements.approvalTransactionId) =>
    sql`exists (select 1 from ${chainSubmissions} where ${chainSubmissions.id} = ${column} and ${chainSubmissions.status} in ('sent', 'confirmed', 'failed'))`;
  return tx
    .select({ id: retirements.id, tenantId: retirements.tenantId, status: retirements.status })
    .from(retirements)
    .where(
      or(
        and(eq(retirements.status, 'scheduled'), lte(retirements.scheduledFor, now)),
        and(eq(retirements.status, 'processing'), or(isNull(retirements.runnerLeaseUntil), lt(retirements.runnerLeaseUntil, now))),
        and(eq(retirements.status, 'pending'), sentElsewhere(retirements.transactionId)),
        and(eq(retirements.status, 'awaiting_signature'), sentElsewhere(retirements.approvalTransactionId)),
      ),
    )
    .orderBy(retirements.scheduledFor);
}

/** Takes the runner lease of a retirement when nobody holds a live one. */
export async function claimRunnerLease(tx: Tx, id: string, until: Date): Promise<RetirementRow | undefined> {
  const [row] = await tx
    .update(retirements)
    .set({ runnerLeaseUntil: until, updatedAt: new Date() })
    .where(and(eq(retirements.id, id), sql`(${retirements.runnerLeaseUntil} IS NULL OR ${retirements.runnerLeaseUntil} < now())`))
    .returning();
  return row;
}

/** The chain submissions recorded for a retirement, newest first. */
export async function submissionsOf(tx: Tx, retirementId: string, kinds: readonly string[]): Promise<SubmissionRow[]> {
  return tx
    .select()
    .from(chainSubmissions)
    .where(and(inArray(chainSubmissions.kind, [...kinds]), sql`${chainSubmissions.reference}->>'retirementId' = ${retirementId}`))
    .orderBy(desc(chainSubmissions.createdAt));
}

export async function findSubmissionRow(tx: Tx, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await tx.select().from(chainSubmissions).where(eq(chainSubmissions.id, id));
  return row;
}

export async function findCompany(tx: Tx, id: string): Promise<typeof companies.$inferSelect | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function findProjectMintByAddress(tx: Tx, mintAddress: string): Promise<ProjectMintRow | undefined> {
  const [row] = await tx
    .select()
    .from(projectMints)
    .where(and(eq(projectMints.mintAddress, mintAddress), eq(projectMints.status, 'created')));
  return row;
}
