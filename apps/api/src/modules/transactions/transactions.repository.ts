import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
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

export async function mintOperationsOfCompany(tx: Tx, companyId: string): Promise<MintOperationRow[]> {
  return tx.select().from(mintOperations).where(eq(mintOperations.companyId, companyId)).orderBy(desc(mintOperations.createdAt));
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

async function batchChunksWhere(tx: Tx, condition: SQL): Promise<BatchChunkRow[]> {
  const rows = await tx
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
    .orderBy(desc(mintingJobs.createdAt), asc(mintingJobItems.chunk));
  return rows.map((row) => ({ ...row, units: BigInt(row.units), blocks: Number(row.blocks), decimals: row.decimals === null ? null : Number(row.decimals) }));
}

export function batchChunksOfCompany(tx: Tx, companyId: string): Promise<BatchChunkRow[]> {
  return batchChunksWhere(tx, eq(mintingJobs.companyId, companyId));
}

export function batchChunksOfJob(tx: Tx, jobId: string): Promise<BatchChunkRow[]> {
  return batchChunksWhere(tx, eq(mintingJobs.id, jobId));
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
function burnsWhere(tx: Tx, condition: SQL): Promise<BurnRow[]> {
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
    .orderBy(desc(retirements.createdAt));
}

export function burnsOfCompany(tx: Tx, companyId: string): Promise<BurnRow[]> {
  return burnsWhere(tx, eq(retirements.companyId, companyId));
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
