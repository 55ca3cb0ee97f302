import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import type { ApprovalsDeps } from './approvals.deps';
import { escalateOverdueApprovals } from './approvals.escalation';
import { executeUnfinishedApprovals } from './approvals.execution';

export const APPROVALS_SWEEP_QUEUE = 'approvals.sweep';

/**
 * The approvals sweep, at start and every minute: levels past their timeout escalate, and
 * approved workflows whose operation a crash interrupted run again (their handlers are
 * idempotent). The queue is stately: one pass at a time.
 */
export async function registerApprovalJobs(app: FastifyInstance, deps: ApprovalsDeps): Promise<void> {
  if (!(await app.jobs.getQueue(APPROVALS_SWEEP_QUEUE))) {
    await app.jobs.createQueue(APPROVALS_SWEEP_QUEUE, { name: APPROVALS_SWEEP_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.schedule(APPROVALS_SWEEP_QUEUE, '* * * * *');
  await app.jobs.work(APPROVALS_SWEEP_QUEUE, async () => {
    const escalated = await escalateOverdueApprovals(deps);
    if (escalated > 0) app.log.info({ escalated }, 'approvals: levels escalated after their timeout');
    await executeUnfinishedApprovals(deps, (error, workflowId) => app.log.warn({ err: error, workflowId }, 'approvals: an approved operation did not run yet'));
  });
  await app.jobs.send(APPROVALS_SWEEP_QUEUE, {});
}
