import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import * as repository from './registry-integration.repository';
import { runRegistrySync, type RegistrySyncDeps } from './registry-sync.service';

export const REGISTRY_SYNC_QUEUE = 'registry.sync';

interface SyncJobData {
  tenantId: string;
  runId: string;
}

export function enqueueRegistrySync(app: FastifyInstance, data: SyncJobData): Promise<void> {
  return app.jobs.send(REGISTRY_SYNC_QUEUE, data, { singletonKey: data.runId, retryLimit: 3, retryDelay: 5 }).then(() => undefined);
}

/**
 * The sync queue and, on processes that run workers, its worker. A run a crash left running is
 * sent again at start: the handler checks everything again from the registry, so repeating it is safe.
 */
export async function registerRegistryJobs(app: FastifyInstance, deps: RegistrySyncDeps): Promise<void> {
  if (!(await app.jobs.getQueue(REGISTRY_SYNC_QUEUE))) {
    await app.jobs.createQueue(REGISTRY_SYNC_QUEUE, { name: REGISTRY_SYNC_QUEUE, policy: 'standard', retryLimit: 3, expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.work<SyncJobData>(REGISTRY_SYNC_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await runRegistrySync(deps, job.data);
  });
  for (const run of await app.db.asSystem((tx) => repository.allRunningSyncs(tx))) {
    await enqueueRegistrySync(app, { tenantId: run.tenantId, runId: run.id });
  }
}
