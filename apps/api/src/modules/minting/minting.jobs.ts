import type { FastifyInstance } from 'fastify';
import * as repository from './minting.repository';
import { runMintingJob } from './minting-jobs.service';
import type { MintingDeps } from './minting.service';

export const MINTING_BATCH_QUEUE = 'minting.batch';

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
    await app.jobs.createQueue(MINTING_BATCH_QUEUE, { name: MINTING_BATCH_QUEUE, policy: 'standard', retryLimit: 20, retryDelay: 2, retryBackoff: true });
  }
  if (app.config.role === 'api') return;
  await app.jobs.work<BatchJobData>(MINTING_BATCH_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await runMintingJob(deps, job.data.tenantId, job.data.jobId);
  });
  for (const unfinished of await app.db.asSystem((tx) => repository.unfinishedJobs(tx))) {
    await enqueueMintingJob(app, { tenantId: unfinished.tenantId, jobId: unfinished.id });
  }
}
