import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { RegistryId } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import {
  chainSubmissions,
  companyWallets,
  mintingJobItems,
  mintingJobs,
  mintingSettings,
  mintOperations,
  mintPreviews,
  projectMints,
  vcuBlocks,
} from '../../db/schema';

export type ProjectMintRow = typeof projectMints.$inferSelect;
export type MintPreviewRow = typeof mintPreviews.$inferSelect;
export type MintOperationRow = typeof mintOperations.$inferSelect;
export type MintingJobRow = typeof mintingJobs.$inferSelect;
export type MintingJobItemRow = typeof mintingJobItems.$inferSelect;
export type MintingSettingsRow = typeof mintingSettings.$inferSelect;
export type CompanyWalletRow = typeof companyWallets.$inferSelect;
type SubmissionRow = typeof chainSubmissions.$inferSelect;

export async function findSettings(tx: Tx): Promise<MintingSettingsRow | undefined> {
  const [row] = await tx.select().from(mintingSettings);
  return row;
}

export async function upsertSettings(tx: Tx, values: typeof mintingSettings.$inferInsert): Promise<MintingSettingsRow> {
  const [row] = await tx
    .insert(mintingSettings)
    .values(values)
    .onConflictDoUpdate({
      target: mintingSettings.tenantId,
      set: { approvalLimit: values.approvalLimit, pricesUsdCents: values.pricesUsdCents, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function findWallet(tx: Tx, id: string): Promise<CompanyWalletRow | undefined> {
  const [row] = await tx.select().from(companyWallets).where(eq(companyWallets.id, id));
  return row;
}

/** Vintage years (of vintage start) that still have available imported units, oldest first. */
export async function availableVintages(tx: Tx, registry: RegistryId, projectId: string): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ year: sql<number>`extract(year from ${vcuBlocks.vintageStart})::int` })
    .from(vcuBlocks)
    .where(and(eq(vcuBlocks.registry, registry), eq(vcuBlocks.projectId, projectId), eq(vcuBlocks.status, 'available')))
    .orderBy(sql`1`);
  return rows.map((row) => Number(row.year));
}

export async function findProjectMint(tx: Tx, key: { registry: RegistryId; projectId: string; vintage: number }): Promise<ProjectMintRow | undefined> {
  const [row] = await tx
    .select()
    .from(projectMints)
    .where(and(eq(projectMints.registry, key.registry), eq(projectMints.projectId, key.projectId), eq(projectMints.vintage, key.vintage)));
  return row;
}

/** Claims the project+vintage mint; answers undefined when another row holds it already. */
export async function claimProjectMint(tx: Tx, values: typeof projectMints.$inferInsert): Promise<ProjectMintRow | undefined> {
  const [row] = await tx.insert(projectMints).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateProjectMint(tx: Tx, id: string, change: Partial<Pick<ProjectMintRow, 'status' | 'mintAddress'>>): Promise<ProjectMintRow> {
  const [row] = await tx
    .update(projectMints)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(projectMints.id, id))
    .returning();
  return row!;
}

export async function insertPreview(tx: Tx, values: typeof mintPreviews.$inferInsert): Promise<MintPreviewRow> {
  const [row] = await tx.insert(mintPreviews).values(values).returning();
  return row!;
}

export async function findPreviewForUpdate(tx: Tx, id: string): Promise<MintPreviewRow | undefined> {
  const [row] = await tx.select().from(mintPreviews).where(eq(mintPreviews.id, id)).for('update');
  return row;
}

export async function insertOperation(tx: Tx, values: typeof mintOperations.$inferInsert): Promise<MintOperationRow> {
  const [row] = await tx.insert(mintOperations).values(values).returning();
  return row!;
}

export async function findOperation(tx: Tx, id: string): Promise<MintOperationRow | undefined> {
  const [row] = await tx.select().from(mintOperations).where(eq(mintOperations.id, id));
  return row;
}

export async function findOperationForUpdate(tx: Tx, id: string): Promise<MintOperationRow | undefined> {
  const [row] = await tx.select().from(mintOperations).where(eq(mintOperations.id, id)).for('update');
  return row;
}

export async function findOperationOfPreview(tx: Tx, previewId: string): Promise<MintOperationRow | undefined> {
  const [row] = await tx.select().from(mintOperations).where(eq(mintOperations.previewId, previewId));
  return row;
}

export async function listOperations(tx: Tx, companyId: string, limit: number): Promise<MintOperationRow[]> {
  return tx.select().from(mintOperations).where(eq(mintOperations.companyId, companyId)).orderBy(desc(mintOperations.createdAt)).limit(limit);
}

export async function updateOperation(tx: Tx, id: string, change: Partial<typeof mintOperations.$inferInsert>): Promise<MintOperationRow> {
  const [row] = await tx
    .update(mintOperations)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(mintOperations.id, id))
    .returning();
  return row!;
}

export async function insertJob(tx: Tx, values: typeof mintingJobs.$inferInsert): Promise<MintingJobRow> {
  const [row] = await tx.insert(mintingJobs).values(values).returning();
  return row!;
}

export async function insertJobItems(tx: Tx, values: (typeof mintingJobItems.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < values.length; i += 500) await tx.insert(mintingJobItems).values(values.slice(i, i + 500));
}

export async function findJob(tx: Tx, id: string): Promise<MintingJobRow | undefined> {
  const [row] = await tx.select().from(mintingJobs).where(eq(mintingJobs.id, id));
  return row;
}

export async function listJobs(tx: Tx, companyId: string, limit: number): Promise<MintingJobRow[]> {
  return tx.select().from(mintingJobs).where(eq(mintingJobs.companyId, companyId)).orderBy(desc(mintingJobs.createdAt)).limit(limit);
}

/** Jobs a restart must pick up again: every tenant's unfinished batches. */
export async function unfinishedJobs(tx: Tx): Promise<Pick<MintingJobRow, 'id' | 'tenantId'>[]> {
  return tx
    .select({ id: mintingJobs.id, tenantId: mintingJobs.tenantId })
    .from(mintingJobs)
    .where(inArray(mintingJobs.status, ['pending', 'running', 'retrying']));
}

export async function progressOfJobs(tx: Tx, ids: readonly string[]): Promise<Pick<MintingJobRow, 'id' | 'progress'>[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: mintingJobs.id, progress: mintingJobs.progress })
    .from(mintingJobs)
    .where(inArray(mintingJobs.id, [...ids]));
}

/** Operations left processing by a runner that stopped (crash, restart, undecided send) before the cutoff. */
export async function staleProcessingOperations(tx: Tx, cutoff: Date): Promise<Pick<MintOperationRow, 'id' | 'tenantId'>[]> {
  return tx
    .select({ id: mintOperations.id, tenantId: mintOperations.tenantId })
    .from(mintOperations)
    .where(and(eq(mintOperations.status, 'processing'), lt(mintOperations.updatedAt, cutoff)));
}

export async function updateJob(tx: Tx, id: string, change: Partial<typeof mintingJobs.$inferInsert>): Promise<MintingJobRow> {
  const [row] = await tx
    .update(mintingJobs)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(mintingJobs.id, id))
    .returning();
  return row!;
}

export async function jobItems(tx: Tx, jobId: string): Promise<MintingJobItemRow[]> {
  return tx.select().from(mintingJobItems).where(eq(mintingJobItems.jobId, jobId)).orderBy(asc(mintingJobItems.chunk), asc(mintingJobItems.serialNumber));
}

export async function markChunkMinted(tx: Tx, jobId: string, chunk: number, mintAddress: string, signature: string): Promise<void> {
  await tx
    .update(mintingJobItems)
    .set({ status: 'minted', mintAddress, signature })
    .where(and(eq(mintingJobItems.jobId, jobId), eq(mintingJobItems.chunk, chunk)));
}

/** The chain submissions this feature recorded for one reference (an operation or a batch chunk), newest first. */
export async function submissionsFor(tx: Tx, kind: string, mintReference: string): Promise<SubmissionRow[]> {
  return tx
    .select()
    .from(chainSubmissions)
    .where(and(eq(chainSubmissions.kind, kind), sql`${chainSubmissions.reference}->>'mintReference' = ${mintReference}`))
    .orderBy(desc(chainSubmissions.createdAt));
}

/** Of these references, those with at least one chain submission of the kind (a batch asks for all its chunks at once). */
export async function referencesWithSubmissions(tx: Tx, kind: string, mintReferences: readonly string[]): Promise<Set<string>> {
  if (mintReferences.length === 0) return new Set();
  const reference = sql<string>`${chainSubmissions.reference}->>'mintReference'`;
  const rows = await tx
    .selectDistinct({ reference })
    .from(chainSubmissions)
    .where(and(eq(chainSubmissions.kind, kind), inArray(reference, [...mintReferences])));
  return new Set(rows.map((row) => row.reference));
}

/** Serialises the runners that would send for one reference until the end of the transaction. */
export async function lockMintReference(tx: Tx, mintReference: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mint-reference:${mintReference}`}))`);
}

/** Takes the job's runner lease when nobody holds a live one; answers the job, or undefined when another runner holds it. */
export async function claimJobLease(tx: Tx, id: string, until: Date): Promise<MintingJobRow | undefined> {
  const [row] = await tx
    .update(mintingJobs)
    .set({ runnerLeaseUntil: until, updatedAt: new Date() })
    .where(and(eq(mintingJobs.id, id), sql`(${mintingJobs.runnerLeaseUntil} IS NULL OR ${mintingJobs.runnerLeaseUntil} < now())`))
    .returning();
  return row;
}

/** A project mint by its address, across tenants: the public metadata document names only the mint. */
export async function findProjectMintByAddress(tx: Tx, mintAddress: string): Promise<ProjectMintRow | undefined> {
  const [row] = await tx
    .select()
    .from(projectMints)
    .where(and(eq(projectMints.mintAddress, mintAddress), eq(projectMints.status, 'created')));
  return row;
}

export async function serialRangesOfMint(
  tx: Tx,
  mintAddress: string,
): Promise<{ serialNumber: string; blockStart: bigint; blockEnd: bigint; status: 'tokenised' | 'retired' }[]> {
  const rows = await tx
    .select({ serialNumber: vcuBlocks.serialNumber, blockStart: vcuBlocks.blockStart, blockEnd: vcuBlocks.blockEnd, status: vcuBlocks.status })
    .from(vcuBlocks)
    .where(and(eq(vcuBlocks.mintAddress, mintAddress), inArray(vcuBlocks.status, ['tokenised', 'retired'])))
    .orderBy(asc(vcuBlocks.blockStart));
  return rows.map((row) => ({ ...row, status: row.status === 'retired' ? 'retired' : 'tokenised' }));
}

/** The newest description and logo given for a mint in the wizard (batches give none). */
export async function latestPresentationOfMint(tx: Tx, mintAddress: string): Promise<{ description: string | null; logoUrl: string | null } | undefined> {
  const [row] = await tx
    .select({ description: mintOperations.description, logoUrl: mintOperations.logoUrl })
    .from(mintOperations)
    .where(and(eq(mintOperations.mintAddress, mintAddress), eq(mintOperations.status, 'completed')))
    .orderBy(desc(mintOperations.completedAt))
    .limit(1);
  return row;
}
