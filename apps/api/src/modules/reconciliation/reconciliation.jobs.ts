import type { FastifyInstance } from 'fastify';
import { SERVER_EVENTS, type ReconciliationRun } from '@carbonledger/contracts';
import type { Actor } from '../../lib/actor';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import { publishSecurityNotices } from '../security';
import { announceQueueChange, type QueueDeps } from './reconciliation.commands';
import { toRun } from './reconciliation.queries';
import * as repository from './reconciliation.repository';
import { runReconciliationPass, type PassOptions, type ReconciliationDeps } from './reconciliation.service';

const RECONCILIATION_QUEUE = 'reconciliation.pass';
/** A tenant's 'run now': one job per run. */
const RECONCILIATION_RUN_QUEUE = 'reconciliation.run';

interface RunJobData {
  tenantId: string;
  runId: string;
}

/** pg-boss schedules by cron: every N minutes (N ≤ 60; 60 is on the hour). */
function reconciliationCron(intervalMinutes: number): string {
  return intervalMinutes >= 60 ? '0 * * * *' : `*/${intervalMinutes} * * * *`;
}

/** A pass, then its alerts to the security officers' sockets (the same feed a request's alerts take). */
export async function reconcileNow(app: FastifyInstance, deps: ReconciliationDeps, options: PassOptions = {}) {
  const report = await runReconciliationPass(deps, options);
  await publishSecurityNotices(app, report.notices, app.log);
  if (report.opened > 0)
    app.log.warn({ opened: report.opened, seenAgain: report.seenAgain }, 'reconciliation found new differences between the ledger and the chain');
  return report;
}

function publishRun(deps: Pick<QueueDeps, 'live'>, row: repository.RunRow, companyId: string): ReconciliationRun {
  const run = toRun(row);
  deps.live.emitToCompany({ tenantId: row.tenantId, companyId }, SERVER_EVENTS.reconciliationProgress, run);
  return run;
}

/** 'Run now': the run is recorded (queued) and its pass enqueued; its progress goes out as reconciliation_progress. */
export async function requestRun(app: FastifyInstance, deps: QueueDeps, actor: Actor): Promise<ReconciliationRun> {
  const row = await deps.db.withTenant(actor.tenantId, (tx) =>
    repository.insertRun(tx, { tenantId: actor.tenantId, requestedBy: actor.userId, companyId: actor.companyId }),
  );
  await app.jobs.send(RECONCILIATION_RUN_QUEUE, { tenantId: actor.tenantId, runId: row.id } satisfies RunJobData, { singletonKey: row.id });
  return publishRun(deps, row, actor.companyId);
}

/**
 * One tenant's pass with its progress recorded and published as it goes. Safe to run twice: a
 * run already finished is left as it is, and a pass only records what it finds (one open
 * discrepancy per problem).
 */
export async function executeRun(app: FastifyInstance, deps: ReconciliationDeps & QueueDeps, data: RunJobData): Promise<void> {
  const initial = await deps.db.withTenant(data.tenantId, (tx) => repository.findRun(tx, data.runId));
  if (!initial || initial.phase === 'completed' || initial.phase === 'failed') return;
  const { companyId } = initial;
  const update = async (change: Parameters<typeof repository.updateRun>[2]) =>
    publishRun(deps, await deps.db.withTenant(data.tenantId, (tx) => repository.updateRun(tx, data.runId, change)), companyId);
  try {
    const report = await reconcileNow(app, deps, {
      tenantId: data.tenantId,
      onProgress: async (progress) => {
        await update({ phase: progress.phase, checked: progress.checked, total: progress.total });
      },
    });
    await update({ phase: 'completed', opened: report.opened, seenAgain: report.seenAgain, finishedAt: new Date() });
  } catch (error) {
    await update({ phase: 'failed', error: (error instanceof Error ? error.message : String(error)).slice(0, 1000), finishedAt: new Date() });
  }
  announceQueueChange(deps, { tenantId: data.tenantId, companyId }, null);
}

/**
 * The scheduled pass (stately: at most one queued) and, on processes that run workers, one
 * pass at start before the server answers: a crash that cost the chain state is reported
 * before anyone reads figures that rest on it. A pass that fails (chain unreachable) is logged
 * and does not stop the start; the schedule tries again. 'Run now' passes have their own queue.
 */
export async function registerReconciliation(app: FastifyInstance, deps: ReconciliationDeps & QueueDeps): Promise<void> {
  if (!(await app.jobs.getQueue(RECONCILIATION_QUEUE))) {
    await app.jobs.createQueue(RECONCILIATION_QUEUE, { name: RECONCILIATION_QUEUE, policy: 'stately', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (!(await app.jobs.getQueue(RECONCILIATION_RUN_QUEUE))) {
    await app.jobs.createQueue(RECONCILIATION_RUN_QUEUE, { name: RECONCILIATION_RUN_QUEUE, policy: 'standard', expireInSeconds: ABANDONED_JOB_SECONDS });
  }
  if (app.config.role === 'api') return;
  await app.jobs.work(RECONCILIATION_QUEUE, async () => {
    await reconcileNow(app, deps);
  });
  await app.jobs.work<RunJobData>(RECONCILIATION_RUN_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await executeRun(app, deps, job.data);
  });
  await app.jobs.schedule(RECONCILIATION_QUEUE, reconciliationCron(app.config.reconciliationIntervalMinutes));
  await reconcileNow(app, deps).catch((error: unknown) => app.log.warn({ err: error }, 'reconciliation at start failed; the scheduled pass will try again'));
}
