import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import type { RetirementDeps } from './retirements.context';
import { executeScheduledRetirement, sweepRetirements } from './retirements.execution';

export const RETIREMENT_EXECUTE_QUEUE = 'retirements.execute';
export const RETIREMENT_SWEEP_QUEUE = 'retirements.sweep';

interface ExecuteJobData {
  tenantId: string;
  retirementId: string;
}

/** One job per scheduled retirement, started at its time; the singleton key keeps one queued per retirement. */
export async function enqueueScheduledRetirement(app: FastifyInstance, job: ExecuteJobData & { at: Date }): Promise<void> {
  await app.jobs.send(
    RETIREMENT_EXECUTE_QUEUE,
    { tenantId: job.tenantId, retirementId: job.retirementId },
    { startAfter: job.at, singletonKey: job.retirementId, retryLimit: 10, retryDelay: 5, retryBackoff: true },
  );
}

/**
 * The execution queue and the sweep. The sweep runs at start and every minute: scheduled
 * retirements whose time passed while the server was down run then (once: the execution
 * claims the row), and runs that lost their runner are reconciled with the chain.
 */
export async function registerRetirementJobs(app: FastifyInstance, deps: RetirementDeps): Promise<void> {
  if (!(await app.jobs.getQueue(RETIREMENT_EXECUTE_QUEUE))) {
    await app.jobs.createQueue(RETIREMENT_EXECUTE_QUEUE, {
      name: RETIREMENT_EXECUTE_QUEUE,
      policy: 'standard',
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: ABANDONED_JOB_SECONDS,
    });
  }
  if (!(await app.jobs.getQueue(RETIREMENT_SWEEP_QUEUE))) {
    await app.jobs.createQueue(RETIREMENT_SWEEP_QUEUE, { name: RETIREMENT_SWEEP_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.work<ExecuteJobData>(RETIREMENT_EXECUTE_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await executeScheduledRetirement(deps, job.data.tenantId, job.data.retirementId);
  });
  await app.jobs.schedule(RETIREMENT_SWEEP_QUEUE, '* * * * *');
  await app.jobs.work(RETIREMENT_SWEEP_QUEUE, async () => {
    await sweepRetirements(deps, app.log);
  });
  await app.jobs.send(RETIREMENT_SWEEP_QUEUE, {});
}
