import type { FastifyInstance } from 'fastify';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import { publishSecurityNotices } from '../security';
import { runReconciliationPass, type ReconciliationDeps } from './reconciliation.service';

const RECONCILIATION_QUEUE = 'reconciliation.pass';

/** pg-boss schedules by cron: every N minutes (N ≤ 60; 60 is on the hour). */
function reconciliationCron(intervalMinutes: number): string {
  return intervalMinutes >= 60 ? '0 * * * *' : `*/${intervalMinutes} * * * *`;
}

/** A pass, then its alerts to the security officers' sockets (the same feed a request's alerts take). */
export async function reconcileNow(app: FastifyInstance, deps: ReconciliationDeps) {
  const report = await runReconciliationPass(deps);
  await publishSecurityNotices(app, report.notices, app.log);
  if (report.opened > 0)
    app.log.warn({ opened: report.opened, seenAgain: report.seenAgain }, 'reconciliation found new differences between the ledger and the chain');
  return report;
}

/**
 * The scheduled pass (stately: at most one queued) and, on processes that run workers, one
 * pass at start before the server answers: a crash that cost the chain state is reported
 * before anyone reads figures that rest on it. A pass that fails (chain unreachable) is logged
 * and does not stop the start; the schedule tries again.
 */
export async function registerReconciliation(app: FastifyInstance, deps: ReconciliationDeps): Promise<void> {
  if (!(await app.jobs.getQueue(RECONCILIATION_QUEUE))) {
    await app.jobs.createQueue(RECONCILIATION_QUEUE, { name: RECONCILIATION_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.work(RECONCILIATION_QUEUE, async () => {
    await reconcileNow(app, deps);
  });
  await app.jobs.schedule(RECONCILIATION_QUEUE, reconciliationCron(app.config.reconciliationIntervalMinutes));
  await reconcileNow(app, deps).catch((error: unknown) => app.log.warn({ err: error }, 'reconciliation at start failed; the scheduled pass will try again'));
}
