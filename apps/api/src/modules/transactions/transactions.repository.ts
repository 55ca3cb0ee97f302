import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import {
  certificates,
  chainSubmissions,
  companyWallets,
  mintingJobItems,
  mintingJobs,
  mintOperations,
  projectMints,
  registryProjects,
  retirements,
  tokenMints,
} from '../../db/schema';

export type WalletRow = Pick<typeof companyWallets.$inferSelect, 'id' | 'address' | 'companyId' | 'removedAt'>;
export type MintOperationRow = typeof mintOperations.$inferSelect;
export type TokenMintRow = typeof tokenMints.$inferSelect;

/** Every wallet the company ever registered (removed ones keep their history). */
export async function walletsOfCompany(tx: Tx, companyId: string): Promise<WalletRow[]> {
  return tx
    .select({ id: companyWallets.id, address: companyWallets.address, companyId: companyWallets.companyId, removedAt: companyWallets.removedAt })
    .from(companyWallets)
    .where(eq(companyWallets.companyId, companyId))
    .orderBy(asc(companyWallets.createdAt));
}

export async function companyOfWalletAddress(tx: Tx, address: string): Promise<string | undefined> {
  const [row] = await tx.select({ companyId: companyWallets.companyId }).from(companyWallets).where(eq(companyWallets.address, address)).limit(1);
  return row?.companyId;
}

export async function mintOperationsByIds(tx: Tx, ids: readonly string[]): Promise<MintOperationRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(mintOperations)
    .where(inArray(mintOperations.id, [...ids]));
}

/**
 * A keyset page of the company's mint operations, newest first (created_at, then id: neither
 * changes), after the operation `afterId` of the previous page. The cursor row's own created_at
 * is compared in SQL, at the database's precision (a JavaScript Date would round it).
 */
export async function mintOperationsPage(tx: Tx, companyId: string, afterId: string | undefined, limit: number): Promise<MintOperationRow[]> {
  return tx
    .select()
    .from(mintOperations)
    .where(
      and(
        eq(mintOperations.companyId, companyId),
        afterId === undefined
          ? undefined
          : sql`(${mintOperations.createdAt}, ${mintOperations.id}) < (select after_row.created_at, after_row.id from mint_operations after_row where after_row.id = ${afterId})`,
      ),
    )
    .orderBy(desc(mintOperations.createdAt), desc(mintOperations.id))
    .limit(limit);
}

export async function findMintOperation(tx: Tx, id: string): Promise<MintOperationRow | undefined> {
  const [row] = await tx.select().from(mintOperations).where(eq(mintOperations.id, id));
  return row;
}

export async function companyOfMintOperation(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ companyId: mintOperations.companyId }).from(mintOperations).where(eq(mintOperations.id, id));
  return row?.companyId;
}

/** One row per chunk of a batch minting job: the chunk is one mint-to transaction. */
export interface BatchChunkRow {
  jobId: string;
  chunk: number;
  walletAddress: string;
  jobStatus: typeof mintingJobs.$inferSelect.status;
  jobError: string | null;
  createdAt: Date;
  completedAt: Date | null;
  projectId: string;
  vintage: number;
  units: bigint;
  blocks: number;
  minted: boolean;
  mintAddress: string | null;
  signature: string | null;
  tokenName: string | null;
  symbol: string | null;
  decimals: number | null;
}

function batchChunksQuery(tx: Tx, condition: SQL | undefined) {
  return tx
    .select({
      jobId: mintingJobItems.jobId,
      chunk: mintingJobItems.chunk,
      walletAddress: mintingJobs.walletAddress,
      jobStatus: mintingJobs.status,
      jobError: mintingJobs.error,
      createdAt: mintingJobs.createdAt,
      completedAt: mintingJobs.completedAt,
      projectId: sql<string>`min(${mintingJobItems.projectId})`,
      vintage: sql<number>`min(${mintingJobItems.vintage})`,
      units: sql<string>`sum(${mintingJobItems.units})`,
      blocks: sql<number>`count(*)::int`,
      minted: sql<boolean>`bool_and(${mintingJobItems.status} = 'minted')`,
      mintAddress: sql<string | null>`max(${mintingJobItems.mintAddress})`,
      signature: sql<string | null>`max(${mintingJobItems.signature})`,
      tokenName: sql<string | null>`max(${projectMints.name})`,
      symbol: sql<string | null>`max(${projectMints.symbol})`,
      decimals: sql<number | null>`max(${projectMints.decimals})`,
    })
    .from(mintingJobItems)
    .innerJoin(mintingJobs, eq(mintingJobs.id, mintingJobItems.jobId))
    .leftJoin(
      projectMints,
      and(
        eq(projectMints.registry, mintingJobItems.registry),
        eq(projectMints.projectId, mintingJobItems.projectId),
        eq(projectMints.vintage, mintingJobItems.vintage),
      ),
    )
    .where(condition)
    .groupBy(
      mintingJobItems.jobId,
      mintingJobItems.chunk,
      mintingJobs.walletAddress,
      mintingJobs.status,
      mintingJobs.error,
      mintingJobs.createdAt,
      mintingJobs.completedAt,
    )
    .$dynamic();
}

type BatchChunkSelection = Awaited<ReturnType<typeof batchChunksQuery>>[number];

function toBatchChunk(row: BatchChunkSelection): BatchChunkRow {
  return { ...row, units: BigInt(row.units), blocks: Number(row.blocks), decimals: row.decimals === null ? null : Number(row.decimals) };
}

async function batchChunksWhere(tx: Tx, condition: SQL): Promise<BatchChunkRow[]> {
  const rows = await batchChunksQuery(tx, condition).orderBy(desc(mintingJobs.createdAt), asc(mintingJobItems.chunk));
  return rows.map(toBatchChunk);
}

/** These chunks, each named by its job and number. */
export function batchChunksByKeys(tx: Tx, keys: readonly { jobId: string; chunk: number }[]): Promise<BatchChunkRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return batchChunksWhere(tx, or(...keys.map((key) => and(eq(mintingJobItems.jobId, key.jobId), eq(mintingJobItems.chunk, key.chunk))))!);
}

export function batchChunksOfJob(tx: Tx, jobId: string): Promise<BatchChunkRow[]> {
  return batchChunksWhere(tx, eq(mintingJobs.id, jobId));
}

/** A keyset page of the company's batch chunks, newest job first (its created_at, then id), then by chunk, after `after`. */
export async function batchChunksPage(tx: Tx, companyId: string, after: { jobId: string; chunk: number } | undefined, limit: number): Promise<BatchChunkRow[]> {
  const rows = await batchChunksQuery(
    tx,
    and(
      eq(mintingJobs.companyId, companyId),
      after === undefined
        ? undefined
        : sql`(${mintingJobs.createdAt}, ${mintingJobItems.jobId}, ${mintingJobItems.chunk}) < (select after_job.created_at, after_job.id, ${after.chunk}::int from minting_jobs after_job where after_job.id = ${after.jobId})`,
    ),
  )
    .orderBy(desc(mintingJobs.createdAt), desc(mintingJobItems.jobId), desc(mintingJobItems.chunk))
    .limit(limit);
  return rows.map(toBatchChunk);
}

export async function companyOfMintingJob(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ companyId: mintingJobs.companyId }).from(mintingJobs).where(eq(mintingJobs.id, id));
  return row?.companyId;
}

export interface BurnRow {
  id: string;
  companyId: string;
  status: typeof retirements.$inferSelect.status;
  walletAddress: string;
  tokenMint: string;
  tokenSymbol: string;
  projectId: string;
  projectName: string;
  vintage: number;
  amount: bigint;
  decimals: number;
  reason: string;
  certificateNumber: string;
  signature: string | null;
  error: string | null;
  createdAt: Date;
  completedAt: Date | null;
  certificateId: string | null;
}

/** Retirements that burn or burnt tokens (a cancelled one never reached the chain). */
function burnsQuery(tx: Tx, condition: SQL | undefined) {
  return tx
    .select({
      id: retirements.id,
      companyId: retirements.companyId,
      status: retirements.status,
      walletAddress: retirements.walletAddress,
      tokenMint: retirements.tokenMint,
      tokenSymbol: retirements.tokenSymbol,
      projectId: retirements.projectId,
      projectName: retirements.projectName,
      vintage: retirements.vintage,
      amount: retirements.amount,
      decimals: retirements.decimals,
      reason: retirements.reason,
      certificateNumber: retirements.certificateNumber,
      signature: retirements.signature,
      error: retirements.error,
      createdAt: retirements.createdAt,
      completedAt: retirements.completedAt,
      certificateId: certificates.id,
    })
    .from(retirements)
    .leftJoin(certificates, eq(certificates.retirementId, retirements.id))
    .where(and(condition, ne(retirements.status, 'cancelled')))
    .$dynamic();
}

function burnsWhere(tx: Tx, condition: SQL): Promise<BurnRow[]> {
  return burnsQuery(tx, condition).orderBy(desc(retirements.createdAt));
}

export function burnsByIds(tx: Tx, retirementIds: readonly string[]): Promise<BurnRow[]> {
  if (retirementIds.length === 0) return Promise.resolve([]);
  return burnsWhere(tx, inArray(retirements.id, [...retirementIds]));
}

/** A keyset page of the company's burns, newest first (created_at, then id), after the retirement `afterId`. */
export function burnsPage(tx: Tx, companyId: string, afterId: string | undefined, limit: number): Promise<BurnRow[]> {
  return burnsQuery(
    tx,
    and(
      eq(retirements.companyId, companyId),
      afterId === undefined
        ? undefined
        : sql`(${retirements.createdAt}, ${retirements.id}) < (select after_row.created_at, after_row.id from retirements after_row where after_row.id = ${afterId})`,
    ),
  )
    .orderBy(desc(retirements.createdAt), desc(retirements.id))
    .limit(limit);
}

/** The retirement's burn, unless it was cancelled. */
export async function findBurn(tx: Tx, retirementId: string): Promise<BurnRow | undefined> {
  const [row] = await burnsWhere(tx, eq(retirements.id, retirementId));
  return row;
}

export async function companyOfRetirement(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ companyId: retirements.companyId }).from(retirements).where(eq(retirements.id, id));
  return row?.companyId;
}

/** Project id → name of the tenant's sandbox registry projects (a Verra-format registry keeps none here). */
export async function registryProjectNames(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx.select({ projectId: registryProjects.projectId, name: registryProjects.name }).from(registryProjects);
  return new Map(rows.map((row) => [row.projectId, row.name]));
}

/**
 * The project names the company's records carry, without reading every record: per project the
 * oldest mint's, then the oldest burn's. Set in this order over the registry's names they give
 * the names the list gives (where the last record it reads, the oldest, names a project).
 */
export async function companyRecordedProjectNames(tx: Tx, companyId: string): Promise<[string, string][]> {
  const pairs = (rows: { projectId: string; projectName: string }[]) => rows.map((row): [string, string] => [row.projectId, row.projectName]);
  const mints = await tx
    .selectDistinctOn([mintOperations.projectId], { projectId: mintOperations.projectId, projectName: mintOperations.projectName })
    .from(mintOperations)
    .where(eq(mintOperations.companyId, companyId))
    .orderBy(mintOperations.projectId, asc(mintOperations.createdAt));
  const burns = await tx
    .selectDistinctOn([retirements.projectId], { projectId: retirements.projectId, projectName: retirements.projectName })
    .from(retirements)
    .where(and(eq(retirements.companyId, companyId), ne(retirements.status, 'cancelled')))
    .orderBy(retirements.projectId, asc(retirements.createdAt));
  return [...pairs(mints), ...pairs(burns)];
}

/** Which of these signatures are the company's own records' (mints, batch chunks, burns): the database tells those. */
export async function companyRecordSignatures(tx: Tx, companyId: string, signatures: readonly string[]): Promise<Set<string>> {
  if (signatures.length === 0) return new Set();
  const list = [...signatures];
  const found = [
    ...(await tx
      .select({ signature: mintOperations.signature })
      .from(mintOperations)
      .where(and(eq(mintOperations.companyId, companyId), inArray(mintOperations.signature, list)))),
    ...(await tx
      .select({ signature: mintingJobItems.signature })
      .from(mintingJobItems)
      .innerJoin(mintingJobs, eq(mintingJobs.id, mintingJobItems.jobId))
      .where(and(eq(mintingJobs.companyId, companyId), inArray(mintingJobItems.signature, list)))),
    ...(await tx
      .select({ signature: retirements.signature })
      .from(retirements)
      .where(and(eq(retirements.companyId, companyId), ne(retirements.status, 'cancelled'), inArray(retirements.signature, list)))),
  ];
  return new Set(found.flatMap((row) => (row.signature ? [row.signature] : [])));
}

/** The tenant's carbon token mints (symbol, name, decimals): only these count as transfers. */
export async function tenantTokenMints(tx: Tx): Promise<TokenMintRow[]> {
  return tx.select().from(tokenMints);
}

/** Which of these signatures belong to transactions the platform recorded (sent through the API or its jobs). */
export async function recordedSignatures(tx: Tx, signatures: readonly string[]): Promise<Set<string>> {
  if (signatures.length === 0) return new Set();
  const rows = await tx
    .select({ signature: chainSubmissions.signature })
    .from(chainSubmissions)
    .where(inArray(chainSubmissions.signature, [...signatures]));
  return new Set(rows.flatMap((row) => (row.signature ? [row.signature] : [])));
}
