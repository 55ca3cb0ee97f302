import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { certificates, companies, companyWallets, offsetRequests, projectMints, retirements, users, type StoredOffsetStatus } from '../../db/schema';

export type OffsetRequestRow = typeof offsetRequests.$inferSelect;
export type NewOffsetRequestRow = typeof offsetRequests.$inferInsert;

/** Which requests a reader sees: one company's (and, for the platform company, those asking the platform to source), or all. */
export interface OffsetScope {
  companyId?: string;
  includePlatformSourced: boolean;
}

export async function insertRequest(tx: Tx, row: NewOffsetRequestRow): Promise<OffsetRequestRow> {
  const [inserted] = await tx.insert(offsetRequests).values(row).returning();
  return inserted!;
}

export async function findRequest(tx: Tx, id: string): Promise<OffsetRequestRow | undefined> {
  const [row] = await tx.select().from(offsetRequests).where(eq(offsetRequests.id, id));
  return row;
}

export async function findRequestForUpdate(tx: Tx, id: string): Promise<OffsetRequestRow | undefined> {
  const [row] = await tx.select().from(offsetRequests).where(eq(offsetRequests.id, id)).for('update');
  return row;
}

export async function updateRequest(tx: Tx, id: string, changes: Partial<NewOffsetRequestRow>): Promise<OffsetRequestRow> {
  const [row] = await tx
    .update(offsetRequests)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(offsetRequests.id, id))
    .returning();
  return row!;
}

/**
 * Links the retirement to the request in the transaction that inserts it: false when the
 * request already has one (another run got there first), so the caller rolls its own back.
 */
export async function bindRetirement(tx: Tx, id: string, retirementId: string): Promise<boolean> {
  const bound = await tx
    .update(offsetRequests)
    .set({ retirementId, status: 'retiring', error: null, updatedAt: new Date() })
    .where(and(eq(offsetRequests.id, id), isNull(offsetRequests.retirementId)))
    .returning({ id: offsetRequests.id });
  return bound.length > 0;
}

/** The request as the screens show it: with its company, requester, and its retirement's status and certificate. */
const viewColumns = {
  request: offsetRequests,
  companyName: companies.name,
  requesterFirstName: users.firstName,
  requesterLastName: users.lastName,
  requesterEmail: users.email,
  retirementStatus: retirements.status,
  retirementError: retirements.error,
  retirementCompletedAt: retirements.completedAt,
  certificateId: certificates.id,
  certificateNumber: certificates.number,
};

export type OffsetRequestViewRow = Awaited<ReturnType<typeof viewQuery>>[number];

function viewQuery(tx: Tx, where: SQL | undefined) {
  return tx
    .select(viewColumns)
    .from(offsetRequests)
    .innerJoin(companies, eq(companies.id, offsetRequests.companyId))
    .leftJoin(users, eq(users.id, offsetRequests.requestedBy))
    .leftJoin(retirements, eq(retirements.id, offsetRequests.retirementId))
    .leftJoin(certificates, eq(certificates.retirementId, offsetRequests.retirementId))
    .where(where);
}

export async function findRequestView(tx: Tx, id: string): Promise<OffsetRequestViewRow | undefined> {
  const [row] = await viewQuery(tx, eq(offsetRequests.id, id));
  return row;
}

/** A stored status filter; `completed` and `failed` are partly decided by the retirement (offsets.view.ts). */
export type StatusFilter = { stored: StoredOffsetStatus[]; retirement?: 'completed' | 'unfinished' | 'failed' };

function statusCondition(filter: StatusFilter | undefined): SQL | undefined {
  if (!filter) return undefined;
  const stored = or(...filter.stored.map((status) => eq(offsetRequests.status, status)));
  if (!filter.retirement) return stored;
  const retirement =
    filter.retirement === 'completed'
      ? sql`${retirements.status} = 'completed'`
      : filter.retirement === 'failed'
        ? sql`${retirements.status} in ('failed', 'cancelled')`
        : sql`(${retirements.status} is null or ${retirements.status} not in ('completed', 'failed', 'cancelled'))`;
  return and(eq(offsetRequests.status, 'retiring'), retirement);
}

function scopeCondition(scope: OffsetScope): SQL | undefined {
  if (!scope.companyId) return undefined;
  const own = eq(offsetRequests.companyId, scope.companyId);
  return scope.includePlatformSourced ? or(own, eq(offsetRequests.sourcing, 'platform_sourced')) : own;
}

export async function listRequestViews(
  tx: Tx,
  scope: OffsetScope,
  status: StatusFilter[] | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: OffsetRequestViewRow[]; total: number }> {
  const where = and(scopeCondition(scope), status ? or(...status.map(statusCondition)) : undefined);
  const rows = await viewQuery(tx, where).orderBy(desc(offsetRequests.createdAt), desc(offsetRequests.id)).limit(page.limit).offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(offsetRequests).leftJoin(retirements, eq(retirements.id, offsetRequests.retirementId)).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findProjectMint(tx: Tx, mintAddress: string) {
  const [row] = await tx
    .select()
    .from(projectMints)
    .where(and(eq(projectMints.mintAddress, mintAddress), eq(projectMints.status, 'created')));
  return row;
}

export async function platformCompanyId(tx: Tx): Promise<string | null> {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.isPlatform, true)).orderBy(asc(companies.createdAt)).limit(1);
  return row?.id ?? null;
}

/** The platform company's platform-managed wallets a sourced request may be retired from, oldest first. */
export async function platformManagedWallets(tx: Tx, companyId: string): Promise<string[]> {
  const rows = await tx
    .select({ address: companyWallets.address })
    .from(companyWallets)
    .where(and(eq(companyWallets.companyId, companyId), eq(companyWallets.type, 'platform_managed'), isNull(companyWallets.removedAt)))
    .orderBy(asc(companyWallets.createdAt));
  return rows.map((row) => row.address);
}

export async function findCompany(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: companies.id, name: companies.name, kycStatus: companies.kycStatus, isPlatform: companies.isPlatform })
    .from(companies)
    .where(eq(companies.id, id));
  return row;
}

/** The tenant's project tokens, by symbol. */
export async function projectTokens(tx: Tx) {
  return tx
    .select({
      mint: projectMints.mintAddress,
      symbol: projectMints.symbol,
      name: projectMints.name,
      projectId: projectMints.projectId,
      vintage: projectMints.vintage,
    })
    .from(projectMints)
    .where(eq(projectMints.status, 'created'))
    .orderBy(asc(projectMints.symbol), asc(projectMints.createdAt));
}
