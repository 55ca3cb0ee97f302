import { SERVER_EVENTS, mintingTexts, type CarbonProject, type MintingJob } from '@carbonledger/contracts';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { assertWithinComplianceLimits } from '../compliance';
import type { BindOperation } from '../idempotency';
import { notify } from '../notifications';
import { lockAvailableBlocks, markTokenised, releaseReservation, reserveUnits, unitsOf } from '../registry';
import { recordWebhookEvent } from '../webhooks';
import { ChainUndecidedError, ensureProjectMint, MINT_TO_KIND, mintToOnce } from './minting.chain';
import { requireMintWallet } from './minting.checks';
import { priorityFeeOfTenant, type MintingDeps } from './minting.deps';
import { projectMintMetadata, tokenMetadataUri } from './minting.metadata';
import * as repository from './minting.repository';

/** Blocks of one project mint sent in one mint-to transaction; a chunk is the unit of retry and of progress. */
export const BATCH_CHUNK_SIZE = 20;
/** How long a worker may go without finishing a chunk before another may take the job over. */
const LEASE_MS = 60_000;

export function toMintingJob(row: repository.MintingJobRow): MintingJob {
  return {
    id: row.id,
    vcuCount: row.vcuCount,
    totalAmount: row.totalAmount.toString(),
    mintedAmount: row.mintedAmount.toString(),
    status: row.status,
    progress: row.progress,
    walletAddress: row.walletAddress,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export const chunkReference = (jobId: string, chunk: number) => `${jobId}:${chunk}`;

function vintageYear(vintageStart: string): number {
  return Number(vintageStart.slice(0, 4));
}

/**
 * Creates a batch from chosen VCU blocks: every block must be an available block of the
 * caller's company. The blocks are grouped per project and vintage (one mint each), cut into
 * chunks and reserved under the chunk's reference in the same transaction, so they cannot be
 * minted by anything else while the job runs. The caller enqueues the job after commit.
 * `bindKey` ties the request's Idempotency-Key to the job in the same transaction.
 */
export async function createMintingBatch(
  deps: MintingDeps,
  actor: Actor,
  input: { vcuBlockIds: string[]; walletId: string },
  bindKey?: BindOperation,
): Promise<repository.MintingJobRow> {
  const ids = [...new Set(input.vcuBlockIds)];
  return deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const wallet = await requireMintWallet(tx, actor.companyId, input.walletId);
    const blocks = (await lockAvailableBlocks(tx, ids)).filter((block) => block.companyId === actor.companyId);
    if (blocks.length !== ids.length) {
      const missing = ids.filter((id) => !blocks.some((block) => block.id === id));
      throw new AppError(
        'MINTING__VCUS_UNAVAILABLE',
        `${missing.length} of the selected VCUs are not available for minting any more. Please reload the list.`,
        { fields: { vcuBlockIds: missing } },
      );
    }
    const totalAmount = blocks.reduce((sum, block) => sum + unitsOf(block), 0n);
    // docs/product.md §5 Compliance limits: a batch is tokenisation like a single mint, checked with its insert.
    await assertWithinComplianceLimits(tx, { tenantId: actor.tenantId, companyId: actor.companyId, tonnes: totalAmount, operation: 'mint' });
    const job = await repository.insertJob(tx, {
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      userId: actor.userId,
      walletId: wallet.id,
      walletAddress: wallet.address,
      vcuCount: blocks.length,
      totalAmount,
      status: 'pending',
    });
    const groups = new Map<string, typeof blocks>();
    for (const block of blocks) {
      const key = `${block.registry}:${block.projectId}:${vintageYear(block.vintageStart)}`;
      groups.set(key, [...(groups.get(key) ?? []), block]);
    }
    const items: Parameters<typeof repository.insertJobItems>[1] = [];
    let chunk = 0;
    for (const group of groups.values()) {
      for (let start = 0; start < group.length; start += BATCH_CHUNK_SIZE, chunk++) {
        const part = group.slice(start, start + BATCH_CHUNK_SIZE);
        const units = part.reduce((sum, block) => sum + unitsOf(block), 0n);
        await reserveUnits(tx, { blockIds: part.map((block) => block.id) }, units, chunkReference(job.id, chunk));
        for (const block of part) {
          items.push({
            tenantId: actor.tenantId,
            jobId: job.id,
            chunk,
            vcuBlockId: block.id,
            serialNumber: block.serialNumber,
            registry: block.registry,
            projectId: block.projectId,
            vintage: vintageYear(block.vintageStart),
            units: unitsOf(block),
          });
        }
      }
    }
    await repository.insertJobItems(tx, items);
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'mint.batch_created',
      resourceType: 'minting_job',
      resourceId: job.id,
      details: { vcuCount: blocks.length, totalAmount: totalAmount.toString(), wallet: wallet.address },
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
      apiKey: actor.apiKey,
    });
    await bindKey?.(tx, job.id);
    return job;
  });
}

/**
 * Points where a test can stop a run as a crash would: after a chunk's mint-to was confirmed,
 * before it is recorded (throwing there rolls the recording back, the submission stays sent).
 */
export interface BatchRunHooks {
  afterChunkSent?(chunk: number): void | Promise<void>;
}

/** Symbol of a batch-created project mint: "C" + project id + two-digit vintage, e.g. C3107-23. */
function batchSymbol(projectId: string, vintage: number): string {
  return `C${projectId}-${String(vintage).slice(-2)}`.slice(0, 10);
}

/**
 * How often, at most, a running batch tells the transactions feed of its chunks: each telling
 * reads every chunk of the job again, which cost more than recording a chunk (docs/chain.md).
 */
const TRANSACTIONS_FEED_INTERVAL_MS = 1_000;

/** The job's progress to its company; the transactions feed too when `feed` (always at start and end). */
function publish(deps: MintingDeps, job: repository.MintingJobRow, feed = true): void {
  deps.live.emitToCompany(job, SERVER_EVENTS.mintingJobUpdate, toMintingJob(job));
  if (feed) deps.live.transactionRecorded(job.tenantId, { kind: 'minting_job', id: job.id });
}

/**
 * The batch worker. Holds the job's lease, then mints chunk by chunk: a chunk already minted
 * is skipped, a chunk whose transaction was sent before a crash is reconciled with the chain
 * (mintToOnce), and after each chunk its blocks are marked tokenised and the progress is
 * saved and pushed live. Errors the chain may still settle leave the job 'retrying' for the
 * queue's next attempt; a permanent failure releases the unminted chunks and fails the job.
 */
export async function runMintingJob(deps: MintingDeps, tenantId: string, jobId: string, hooks: BatchRunHooks = {}): Promise<repository.MintingJobRow> {
  const { context } = deps;
  const leased = await context.db.withTenant(tenantId, (tx) => repository.claimJobLease(tx, jobId, new Date(Date.now() + LEASE_MS)));
  if (!leased) {
    const current = await context.db.withTenant(tenantId, (tx) => repository.findJob(tx, jobId));
    if (!current) throw AppError.notFound('Minting job');
    if (current.status === 'completed' || current.status === 'failed') return current;
    throw new ChainUndecidedError('Another worker is minting this batch; it');
  }
  if (leased.status === 'completed' || leased.status === 'failed') return leased;

  let job = await context.db.withTenant(tenantId, (tx) => repository.updateJob(tx, jobId, { status: 'running', error: null }));
  publish(deps, job);
  try {
    const chunks = new Map<number, repository.MintingJobItemRow[]>();
    // One read of which chunks any run sent a mint-to for: the others skip mintToOnce's own read.
    const submitted = await context.db.withTenant(tenantId, async (tx) => {
      for (const item of await repository.jobItems(tx, jobId)) chunks.set(item.chunk, [...(chunks.get(item.chunk) ?? []), item]);
      return repository.referencesWithSubmissions(
        tx,
        MINT_TO_KIND,
        [...chunks.keys()].map((chunk) => chunkReference(jobId, chunk)),
      );
    });
    const projects = new Map<string, CarbonProject | null>();
    /** By registry, project and vintage: once created, a project mint stays as it is for the rest of the run. */
    const projectMints = new Map<string, repository.ProjectMintRow>();
    const priorityFee = await priorityFeeOfTenant(deps, tenantId);
    let fedAt = Date.now();

    for (const [chunk, part] of chunks) {
      if (part.every((item) => item.status === 'minted')) continue;
      const first = part[0]!;
      if (!projects.has(first.projectId))
        projects.set(first.projectId, await context.db.withTenant(tenantId, (tx) => deps.registry(tx).getProject(first.projectId)));
      const project = projects.get(first.projectId);
      if (!project) throw new AppError('NOT_FOUND', `Carbon project ${first.projectId} not found`);
      const name = `${project.name}`.slice(0, 32);
      const symbol = batchSymbol(project.id, first.vintage);
      const mintKey = `${first.registry}:${first.projectId}:${first.vintage}`;
      const projectMint =
        projectMints.get(mintKey) ??
        (await ensureProjectMint(context, {
          tenantId,
          registry: first.registry,
          projectId: first.projectId,
          vintage: first.vintage,
          name,
          symbol,
          decimals: 0,
          metadataFor: (mint) => projectMintMetadata(project, first.vintage, { name, symbol }, tokenMetadataUri(deps.publicBaseUrl, mint)),
          createdBy: job.userId,
          priorityFee,
        }));
      projectMints.set(mintKey, projectMint);
      const units = part.reduce((sum, item) => sum + item.units, 0n);
      const reference = chunkReference(jobId, chunk);
      await mintToOnce(context, {
        tenantId,
        mintReference: reference,
        mint: projectMint.mintAddress,
        owner: job.walletAddress,
        amount: units * 10n ** BigInt(projectMint.decimals),
        decimals: projectMint.decimals,
        createdBy: job.userId,
        priorityFee,
        noneSubmittedBefore: !submitted.has(reference),
        // The chunk is recorded with the confirmation of its mint-to, in one database transaction.
        record: async (tx, signature) => {
          await hooks.afterChunkSent?.(chunk);
          await markTokenised(tx, reference, projectMint.mintAddress);
          await repository.markChunkMinted(tx, jobId, chunk, projectMint.mintAddress, signature);
          const minted = job.mintedAmount + units;
          job = await repository.updateJob(tx, jobId, {
            mintedAmount: minted,
            progress: Number((minted * 100n) / job.totalAmount),
            runnerLeaseUntil: new Date(Date.now() + LEASE_MS),
          });
        },
      });
      const feedDue = Date.now() - fedAt >= TRANSACTIONS_FEED_INTERVAL_MS;
      if (feedDue) fedAt = Date.now();
      publish(deps, job, feedDue);
    }

    job = await context.db.withTenant(tenantId, async (tx) => {
      const done = await repository.updateJob(tx, jobId, { status: 'completed', progress: 100, completedAt: new Date(), runnerLeaseUntil: null });
      await recordAudit(tx, {
        tenantId,
        actorUserId: done.userId,
        action: 'mint.batch_completed',
        resourceType: 'minting_job',
        resourceId: jobId,
        details: { vcuCount: done.vcuCount, totalAmount: done.totalAmount.toString() },
      });
      await recordWebhookEvent(tx, {
        tenantId,
        companyId: done.companyId,
        type: 'minting_job.completed',
        data: {
          jobId,
          companyId: done.companyId,
          vcuCount: done.vcuCount,
          totalAmount: done.totalAmount.toString(),
          walletAddress: done.walletAddress,
          completedAt: (done.completedAt ?? new Date()).toISOString(),
        },
      });
      return done;
    });
    publish(deps, job);
    if (job.userId) {
      await notify(
        context.db,
        deps.publisher,
        tenantId,
        { userIds: [job.userId] },
        {
          type: 'TRANSACTION',
          title: mintingTexts.mintCompleted,
          message: `Batch of ${job.vcuCount} VCUs (${job.totalAmount} tCO2e) minted to ${job.walletAddress}.`,
          link: '/minting',
        },
      );
    }
    return job;
  } catch (error) {
    const permanent = error instanceof AppError && !(error instanceof ChainUndecidedError) && error.code !== 'SERVICE_UNAVAILABLE';
    const message = error instanceof Error ? error.message : String(error);
    job = await context.db.withTenant(tenantId, async (tx) => {
      if (!permanent) return repository.updateJob(tx, jobId, { status: 'retrying', error: message, runnerLeaseUntil: null });
      for (const item of await repository.jobItems(tx, jobId)) if (item.status === 'pending') await releaseReservation(tx, chunkReference(jobId, item.chunk));
      const failed = await repository.updateJob(tx, jobId, { status: 'failed', error: message, runnerLeaseUntil: null });
      await recordWebhookEvent(tx, {
        tenantId,
        companyId: failed.companyId,
        type: 'minting_job.failed',
        data: {
          jobId,
          companyId: failed.companyId,
          vcuCount: failed.vcuCount,
          totalAmount: failed.totalAmount.toString(),
          mintedAmount: failed.mintedAmount.toString(),
          walletAddress: failed.walletAddress,
          error: message,
        },
      });
      return failed;
    });
    publish(deps, job);
    if (permanent && job.userId) {
      await notify(
        context.db,
        deps.publisher,
        tenantId,
        { userIds: [job.userId] },
        { type: 'TRANSACTION', title: mintingTexts.mintingFailed, message, link: '/minting' },
      );
      return job;
    }
    throw error;
  }
}

export async function listMintingJobs(deps: MintingDeps, actor: Actor, limit: number): Promise<MintingJob[]> {
  return (await deps.context.db.withTenant(actor.tenantId, (tx) => repository.listJobs(tx, actor.companyId, limit))).map(toMintingJob);
}

export async function findMintingJob(deps: MintingDeps, actor: Actor, id: string): Promise<repository.MintingJobRow> {
  const row = await deps.context.db.withTenant(actor.tenantId, (tx) => repository.findJob(tx, id));
  if (!row || row.companyId !== actor.companyId) throw AppError.notFound('Minting job');
  return row;
}

export async function getMintingJob(deps: MintingDeps, actor: Actor, id: string): Promise<MintingJob> {
  return toMintingJob(await findMintingJob(deps, actor, id));
}
