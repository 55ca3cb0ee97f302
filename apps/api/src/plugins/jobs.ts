import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { Tracing } from '../lib/tracing';

export type JobQueue = PgBoss;

/**
 * How long a job may stay active before pg-boss gives up on it and retries it. A worker
 * killed mid-job leaves its job active, and pg-boss's default (15 minutes) would hold a
 * stately queue's next run (the retirement sweep, the submissions tracker) that long after
 * a crash. Every job here is idempotent (runner leases, recorded chain submissions), so
 * giving up early on one that is merely slow costs at most a repeated pass.
 */
export const ABANDONED_JOB_SECONDS = 120;
/** How often pg-boss looks for abandoned jobs (its default is 2 minutes). */
const MAINTENANCE_INTERVAL_SECONDS = 30;

/** Advisory locks that serialize pg-boss's schema work between processes on one PostgreSQL server. */
const QUEUE_SETUP_LOCK_KEY = 741_852_964;
const QUEUE_CREATE_LOCK_KEY = 741_852_966;
/** Also named in migration 0016, which grants the system role its rows. */
const SCHEMA = 'pgboss';

/** Queues past their shutdown drain: what they still write may meet a closed database. */
const drainedQueues = new WeakSet<JobQueue>();

/**
 * pg-boss's fetch of a queue's next jobs (its plans.fetchNextJob), which every worker polls.
 * pg-boss has no paused queue, so the fetch is given the condition of migration 0033's table:
 * in the same statement, a queue paused from any process hands no job to a worker of any
 * other (docs/product.md §2 Jobs Monitor). jobs.test.ts fails if pg-boss's text changes.
 */
const FETCH_NEXT_JOB = /(WITH next as \(\s*SELECT id, singleton_key, policy\s*FROM pgboss\.job\s*WHERE name = \$1)/;

export function honourQueuePauses(text: string): string {
  return text.replace(FETCH_NEXT_JOB, (found) => `${found} AND NOT EXISTS (SELECT 1 FROM public.job_queue_pauses paused WHERE paused.queue = $1)`);
}

/**
 * pg-boss on the product's own database: PGlite in embedded mode, PostgreSQL otherwise.
 * Workers run only on nodes whose ROLE includes them.
 */
export async function startJobQueue(database: Database, options: { runWorkers: boolean; tracing?: Tracing }): Promise<JobQueue> {
  // Two processes starting at the same moment collide inside pg-boss although it takes its
  // own locks: its schema script fails with 23505 on pg_namespace ("pgboss" already
  // exists), and two create_queue calls (each attaching a partition to the job table)
  // deadlock. Each of those runs while this process holds a lock the other waits for, and
  // the waiting one then finds the work done. PGlite is one process on one connection:
  // nothing to race, and a lock held there would block the very call it guards.
  const serialized = <T>(key: number, work: () => Promise<T>): Promise<T> =>
    database.kind === 'postgres'
      ? database.asSystem(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
          return work();
        })
      : work();
  // pg-boss's schema and its upgrades are DDL, so they run as the schema owner, by a boss
  // that does nothing else; the working one below only checks the schema version.
  const installer = new PgBoss({
    db: { executeSql: (text, values) => database.executeOwnerSql(text, values) },
    schema: SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await serialized(QUEUE_SETUP_LOCK_KEY, () => installer.start());
  await installer.stop({ graceful: false, close: false });
  // Creating a queue attaches a partition to its job table, which only the owner may do;
  // everything else (sending, fetching, schedules, maintenance) is rows on the app connection.
  const boss: PgBoss = new PgBoss({
    db: {
      executeSql: (text, values) => {
        const answer = text.includes('.create_queue(')
          ? serialized(QUEUE_CREATE_LOCK_KEY, () => database.executeOwnerSql(text, values))
          : database.executeSql(honourQueuePauses(text), values);
        // pg-boss records a finished job without awaiting the write (its manager's onFetch).
        // A handler that outlives the shutdown drain finishes on a closed database, and that
        // write's rejection would crash the process. The job stays active and is retried once
        // it is abandoned, as after a kill -9; every handler is idempotent. The answer reads as
        // a command that changed no job (pg-boss takes the count from the first row).
        return drainedQueues.has(boss) ? answer.catch(() => ({ rows: [{ count: 0 }] })) : answer;
      },
    },
    schema: SCHEMA,
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    migrate: false,
  });
  await boss.start();
  if (!options.runWorkers) {
    // ROLE=api sends jobs and runs none. Features register their workers as they load, so
    // this is the one place that refuses them: nothing is fetched from a queue on this node.
    boss.work = (async () => 'workers-not-run-on-this-node') as PgBoss['work'];
  } else if (options.tracing) {
    traceHandlers(boss, options.tracing);
  }
  return boss;
}

/** Every handler a feature registers runs in a span of its queue: the one place all of them pass. */
function traceHandlers(boss: JobQueue, tracing: Tracing): void {
  const work = boss.work.bind(boss) as (name: string, ...optionsAndHandler: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...optionsAndHandler: unknown[]) => {
    const handler = optionsAndHandler.pop() as PgBoss.WorkHandler<unknown>;
    const traced: PgBoss.WorkHandler<unknown> = (jobs) =>
      tracing.traceJob(
        name,
        jobs.map((job) => job.id),
        () => handler(jobs),
      );
    return work(name, ...optionsAndHandler, traced);
  }) as PgBoss['work'];
}

/**
 * How far unfinished jobs of a queue have got, in percent by pg-boss job id: pg-boss records
 * no progress, so a feature whose work keeps its own (a batch mint's chunks) reports it here
 * for the Jobs Monitor. Jobs it knows nothing of are left out.
 */
export type JobProgressReader = (database: Database, jobs: readonly { id: string; data: unknown }[]) => Promise<Map<string, number>>;

const progressReaders = new WeakMap<JobQueue, Map<string, JobProgressReader>>();

export function reportJobProgress(boss: JobQueue, queue: string, reader: JobProgressReader): void {
  const readers = progressReaders.get(boss) ?? new Map<string, JobProgressReader>();
  readers.set(queue, reader);
  progressReaders.set(boss, readers);
}

export function jobProgressReaderOf(boss: JobQueue, queue: string): JobProgressReader | undefined {
  return progressReaders.get(boss)?.get(queue);
}

/**
 * Stops taking jobs and waits up to `timeoutMs` for the running ones; pg-boss marks what is
 * still running then as failed, so its retry policy runs it again on the next start.
 */
export async function stopJobQueue(boss: JobQueue, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  drainedQueues.add(boss);
}
