import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import * as repository from './data-exports.repository';
import { runDataExport, sweepExpiredExports, type DataExportDeps } from './data-exports.service';

export const DATA_EXPORT_RUN_QUEUE = 'data-exports.run';
export const DATA_EXPORT_SWEEP_QUEUE = 'data-exports.sweep';

interface RunJobData {
  tenantId: string;
  exportId: string;
}

export function enqueueDataExport(app: FastifyInstance, data: RunJobData): Promise<void> {
  return app.jobs.send(DATA_EXPORT_RUN_QUEUE, data, { singletonKey: data.exportId, retryLimit: 2, retryDelay: 5 }).then(() => undefined);
}

/**
 * The export queue (a job per export) and the retention sweep (hourly, and once at start:
 * retention is counted in days). Exports a crash left queued or running are sent again at
 * start; the run writes them again from the start.
 */
export async function registerDataExportJobs(app: FastifyInstance, deps: DataExportDeps): Promise<void> {
  if (!(await app.jobs.getQueue(DATA_EXPORT_RUN_QUEUE))) {
    await app.jobs.createQueue(DATA_EXPORT_RUN_QUEUE, {
      name: DATA_EXPORT_RUN_QUEUE,
      policy: 'standard',
      retryLimit: 2,
      expireInSeconds: ABANDONED_JOB_SECONDS,
    });
  }
  if (!(await app.jobs.getQueue(DATA_EXPORT_SWEEP_QUEUE))) {
    await app.jobs.createQueue(DATA_EXPORT_SWEEP_QUEUE, { name: DATA_EXPORT_SWEEP_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.work<RunJobData>(DATA_EXPORT_RUN_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await runDataExport(deps, job.data);
  });
  await app.jobs.schedule(DATA_EXPORT_SWEEP_QUEUE, '13 * * * *');
  await app.jobs.work(DATA_EXPORT_SWEEP_QUEUE, async () => {
    await sweepExpiredExports(deps);
  });
  await app.jobs.send(DATA_EXPORT_SWEEP_QUEUE, {});
  for (const row of await app.db.asSystem((tx) => repository.unfinishedExports(tx))) {
    await enqueueDataExport(app, { tenantId: row.tenantId, exportId: row.id });
  }
}
