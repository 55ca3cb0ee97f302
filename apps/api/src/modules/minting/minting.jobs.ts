import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS, reportJobProgress } from '../../plugins/jobs';
import * as repository from './minting.repository';
import { runMintingJob } from './minting-jobs.service';
import type { MintingDeps } from './minting.deps';
import { runMintOperation, STALE_PROCESSING_MS } from './minting.operation';

export const MINTING_BATCH_QUEUE = 'minting.batch';
export const MINTING_SWEEP_QUEUE = 'minting.resume-stale-operations';

interface BatchJobData {
  tenantId: string;
  jobId: string;
}

export async function enqueueMintingJob(app: FastifyInstance, data: BatchJobData): Promise<void> {
  await app.jobs.send(MINTING_BATCH_QUEUE, data, { singletonKey: data.jobId, retryLimit: 20, retryDelay: 2, retryBackoff: true });
}

/**
 * The batch queue and its worker. At start every unfinished batch is enqueued again, so a
 * batch interrupted by a crash or a restart resumes where its last recorded chunk ended.
 */
export async function registerMintingJobs(app: FastifyInstance, deps: MintingDeps): Promise<void> {
  if (!(await app.jobs.getQueue(MINTING_BATCH_QUEUE))) {
    await app.jobs.createQueue(MINTING_BATCH_QUEUE, {
      name: MINTING_BATCH_QUEUE,
      policy: 'standard',
      retryLimit: 20,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: ABANDONED_JOB_SECONDS,
    });
  }
  // Every node reports it: the Jobs Monitor is served by the API nodes, the batches run on the workers.
  reportJobProgress(app.jobs, MINTING_BATCH_QUEUE, async (database, jobs) => {
    const queueJobOf = new Map(jobs.map((job) => [(job.data as BatchJobData).jobId, job.id]));
    const batches = await database.asSystem((tx) => repository.progressOfJobs(tx, [...queueJobOf.keys()]));
    return new Map(batches.map((batch) => [queueJobOf.get(batch.id)!, batch.progress]));
  });
  if (app.config.role === 'api') return;
  await app.jobs.work<BatchJobData>(MINTING_BATCH_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await runMintingJob(deps, job.data.tenantId, job.data.jobId);
  });
  for (const unfinished of await app.db.asSystem((tx) => repository.unfinishedJobs(tx))) {
    await enqueueMintingJob(app, { tenantId: unfinished.tenantId, jobId: unfinished.id });
  }
  await registerStaleOperationSweep(app, deps);
}

/**
 * Single mints run inside the execute request; when that runner dies between sending and
 * recording, nobody would call execute again. Every minute (and at start) stale processing
 * operations are resumed: runMintOperation reconciles what was already sent before minting.
 */
async function registerStaleOperationSweep(app: FastifyInstance, deps: MintingDeps): Promise<void> {
  if (!(await app.jobs.getQueue(MINTING_SWEEP_QUEUE))) {
    await app.jobs.createQueue(MINTING_SWEEP_QUEUE, { name: MINTING_SWEEP_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  await app.jobs.schedule(MINTING_SWEEP_QUEUE, '* * * * *');
  await app.jobs.work(MINTING_SWEEP_QUEUE, async () => {
    await resumeStaleOperations(app, deps);
  });
  await app.jobs.send(MINTING_SWEEP_QUEUE, {});
}

export async function resumeStaleOperations(app: Pick<FastifyInstance, 'db' | 'log'>, deps: MintingDeps): Promise<number> {
  const stale = await app.db.asSystem((tx) => repository.staleProcessingOperations(tx, new Date(Date.now() - STALE_PROCESSING_MS)));
  for (const operation of stale) {
    await runMintOperation(deps, operation.tenantId, operation.id).catch((error: unknown) => {
      app.log.warn({ err: error, operationId: operation.id }, 'stale mint operation not finished yet');
    });
  }
  return stale.length;
}
