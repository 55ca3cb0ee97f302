import { operationsTexts, type AuditAction, type Job, type JobQueue as JobQueueView, type JobStatus, type JobView } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { jobProgressReaderOf, type JobQueue } from '../../plugins/jobs';
import { recordAudit } from '../audit';
import { assertPlatformOperator } from './operations.access';
import * as repository from './operations.repository';

export interface JobsMonitorDeps {
  db: Database;
  jobs: JobQueue;
}

/** docs/product.md §4 job statuses from pg-boss's states; a cancelled job ended without its work, so it shows as failed. */
const STATUS_OF_STATE: Record<string, JobStatus> = {
  created: 'pending',
  retry: 'retrying',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'failed',
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** pg-boss keeps a failed job's error as `output` ({ message, stack, … }) and a completed one's answer as its result. */
function errorMessageOf(row: repository.JobRow): string | null {
  if (row.state === 'cancelled') return operationsTexts.cancelledJob;
  if (row.state !== 'failed' && row.state !== 'retry') return null;
  const output = row.output as { message?: unknown; value?: unknown } | null;
  if (typeof output?.message === 'string') return output.message;
  return typeof output?.value === 'string' ? output.value : null;
}

function jobOf(row: repository.JobRow, reportedProgress?: number): Job {
  const status = STATUS_OF_STATE[row.state] ?? 'pending';
  return {
    id: row.id,
    name: row.singleton_key ?? row.name,
    queue: row.name,
    status,
    progress: status === 'completed' ? 100 : (reportedProgress ?? 0),
    // retry_count counts the runs after the first; a job never started has made no attempt.
    attempts: row.started_on === null ? row.retry_count : row.retry_count + 1,
    maxAttempts: row.retry_limit + 1,
    createdAt: new Date(row.created_on).toISOString(),
    startedAt: iso(row.started_on),
    completedAt: iso(row.completed_on),
    errorMessage: errorMessageOf(row),
    data: row.data ?? null,
    result: row.state === 'completed' ? (row.output ?? null) : null,
  };
}

export async function listJobs(deps: JobsMonitorDeps, actor: Actor, query: { view: JobView; queue?: string; limit: number }): Promise<Job[]> {
  await assertPlatformOperator(deps.db, actor);
  const rows = await deps.db.asSystem((tx) => repository.listJobs(tx, query.view, query.queue, query.limit));
  const progress = await reportedProgress(deps, rows);
  return rows.map((row) => jobOf(row, progress.get(row.id)));
}

/** The progress the queues' features report for their unfinished jobs (docs/product.md §2 Jobs Monitor). */
async function reportedProgress(deps: JobsMonitorDeps, rows: readonly repository.JobRow[]): Promise<Map<string, number>> {
  const unfinished = rows.filter((row) => row.state !== 'completed');
  const progress = new Map<string, number>();
  for (const queue of new Set(unfinished.map((row) => row.name))) {
    const reader = jobProgressReaderOf(deps.jobs, queue);
    if (!reader) continue;
    for (const [id, percent] of await reader(
      deps.db,
      unfinished.filter((row) => row.name === queue),
    ))
      progress.set(id, percent);
  }
  return progress;
}

/** Every queue with its paused state and its jobs per status; also what system_stats_update carries to the Jobs Monitor. */
export async function queueSummaries(db: Database): Promise<JobQueueView[]> {
  const { names, counts, pauses } = await db.asSystem(async (tx) => ({
    names: await repository.queueNames(tx),
    counts: await repository.jobCountsByQueue(tx),
    pauses: await repository.pausedQueues(tx),
  }));
  return names.map((name) => {
    const paused = pauses.find((pause) => pause.queue === name);
    const summary: JobQueueView = {
      name,
      paused: paused !== undefined,
      pausedAt: paused ? paused.pausedAt.toISOString() : null,
      counts: { pending: 0, running: 0, retrying: 0, completed: 0, failed: 0 },
    };
    for (const count of counts.filter((entry) => entry.name === name)) summary.counts[STATUS_OF_STATE[count.state] ?? 'pending'] += count.count;
    return summary;
  });
}

export async function listQueues(deps: JobsMonitorDeps, actor: Actor): Promise<JobQueueView[]> {
  await assertPlatformOperator(deps.db, actor);
  return queueSummaries(deps.db);
}

async function audited(deps: JobsMonitorDeps, actor: Actor, action: AuditAction, resourceType: string, resourceId: string, details: Record<string, unknown>) {
  await deps.db.withTenant(actor.tenantId, (tx) =>
    recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action,
      resourceType,
      resourceId,
      details,
      ip: actor.ip,
      requestId: actor.requestId,
    }),
  );
}

async function requireJob(deps: JobsMonitorDeps, id: string): Promise<repository.JobRow> {
  const row = await deps.db.asSystem((tx) => repository.findJob(tx, id));
  if (!row) throw new AppError('OPERATIONS__JOB_NOT_FOUND');
  return row;
}

/** A failed job runs again (pg-boss gives it one more attempt). */
export async function retryJob(deps: JobsMonitorDeps, actor: Actor, id: string): Promise<Job> {
  await assertPlatformOperator(deps.db, actor);
  const row = await requireJob(deps, id);
  if (row.state !== 'failed') throw new AppError('OPERATIONS__JOB_NOT_RETRYABLE');
  await deps.jobs.retry(row.name, id);
  const after = await requireJob(deps, id);
  // pg-boss's retry only moves a job still failed: another administrator did it meanwhile, or it was archived.
  if (after.state === 'failed') throw new AppError('OPERATIONS__JOB_NOT_RETRYABLE');
  await audited(deps, actor, 'job.retried', 'job', id, { queue: row.name });
  return jobOf(after);
}

/** A job no worker has taken yet (pending, or waiting for its retry) never runs. */
export async function cancelJob(deps: JobsMonitorDeps, actor: Actor, id: string): Promise<Job> {
  await assertPlatformOperator(deps.db, actor);
  const row = await requireJob(deps, id);
  if (row.state !== 'created' && row.state !== 'retry') throw new AppError('OPERATIONS__JOB_NOT_CANCELLABLE');
  await deps.jobs.cancel(row.name, id);
  const after = await requireJob(deps, id);
  // A worker took it between the read and the cancel: it runs (pg-boss would cancel an active job; the monitor never does).
  if (after.state !== 'cancelled') throw new AppError('OPERATIONS__JOB_NOT_CANCELLABLE');
  await audited(deps, actor, 'job.cancelled', 'job', id, { queue: row.name });
  return jobOf(after);
}

async function requireQueue(deps: JobsMonitorDeps, name: string): Promise<void> {
  if (!(await deps.jobs.getQueue(name)) || name.startsWith('__pgboss')) throw new AppError('OPERATIONS__QUEUE_NOT_FOUND');
}

async function summaryOf(deps: JobsMonitorDeps, name: string): Promise<JobQueueView> {
  const summary = (await queueSummaries(deps.db)).find((queue) => queue.name === name);
  if (!summary) throw new AppError('OPERATIONS__QUEUE_NOT_FOUND');
  return summary;
}

/** Workers of every process stop taking the queue's jobs (plugins/jobs.ts reads the pause in its fetch); running ones finish. */
export async function pauseQueue(deps: JobsMonitorDeps, actor: Actor, name: string): Promise<JobQueueView> {
  await assertPlatformOperator(deps.db, actor);
  await requireQueue(deps, name);
  const changed = await deps.db.asSystem((tx) => repository.pauseQueue(tx, name, actor.userId));
  if (changed) await audited(deps, actor, 'job_queue.paused', 'job_queue', name, { queue: name });
  return summaryOf(deps, name);
}

export async function resumeQueue(deps: JobsMonitorDeps, actor: Actor, name: string): Promise<JobQueueView> {
  await assertPlatformOperator(deps.db, actor);
  await requireQueue(deps, name);
  const changed = await deps.db.asSystem((tx) => repository.resumeQueue(tx, name));
  if (changed) await audited(deps, actor, 'job_queue.resumed', 'job_queue', name, { queue: name });
  return summaryOf(deps, name);
}
