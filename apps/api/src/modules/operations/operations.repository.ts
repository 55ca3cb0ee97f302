import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { JobView } from '@carbonledger/contracts';
import { rowsOf, type Tx } from '../../db/database';
import { companies, jobQueuePauses } from '../../db/schema';

/** pg-boss's own rows (schema pgboss, plugins/jobs.ts), read as system work: its queues are the deployment's. */
export interface JobRow {
  id: string;
  name: string;
  state: string;
  data: unknown;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  singleton_key: string | null;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

/** pg-boss states per Jobs Monitor tab. */
const STATES_OF_VIEW: Record<JobView, readonly string[]> = {
  active: ['created', 'retry', 'active'],
  history: ['completed', 'failed', 'cancelled'],
  failed: ['failed'],
};

/** pg-boss's internal queues (its cron and send-it machinery) are not the product's jobs. */
const PRODUCT_QUEUE = sql`name not like '\\_\\_pgboss%'`;

export async function isPlatformCompany(tx: Tx, tenantId: string, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ isPlatform: companies.isPlatform })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.tenantId, tenantId)));
  return row?.isPlatform === true;
}

export async function listJobs(tx: Tx, view: JobView, queue: string | undefined, limit: number): Promise<JobRow[]> {
  const states = sql.join(
    STATES_OF_VIEW[view].map((state) => sql`${state}`),
    sql`, `,
  );
  const conditions: SQL[] = [sql`state::text in (${states})`, PRODUCT_QUEUE];
  if (queue) conditions.push(sql`name = ${queue}`);
  const order = view === 'active' ? sql`created_on desc` : sql`coalesce(completed_on, created_on) desc`;
  return rowsOf<JobRow>(
    await tx.execute(sql`
      select id, name, state::text as state, data, output, retry_count, retry_limit, singleton_key, created_on, started_on, completed_on
      from pgboss.job where ${sql.join(conditions, sql` and `)} order by ${order}, id limit ${limit}`),
  );
}

export async function findJob(tx: Tx, id: string): Promise<JobRow | undefined> {
  const [row] = rowsOf<JobRow>(
    await tx.execute(sql`
      select id, name, state::text as state, data, output, retry_count, retry_limit, singleton_key, created_on, started_on, completed_on
      from pgboss.job where id = ${id} and ${PRODUCT_QUEUE}`),
  );
  return row;
}

export async function queueNames(tx: Tx): Promise<string[]> {
  return rowsOf<{ name: string }>(await tx.execute(sql`select name from pgboss.queue where ${PRODUCT_QUEUE} order by name`)).map((row) => row.name);
}

export async function jobCountsByQueue(tx: Tx): Promise<{ name: string; state: string; count: number }[]> {
  const rows = rowsOf<{ name: string; state: string; count: string | number }>(
    await tx.execute(sql`select name, state::text as state, count(*) as count from pgboss.job where ${PRODUCT_QUEUE} group by name, state`),
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export async function pausedQueues(tx: Tx): Promise<{ queue: string; pausedAt: Date }[]> {
  return tx.select({ queue: jobQueuePauses.queue, pausedAt: jobQueuePauses.pausedAt }).from(jobQueuePauses);
}

/** Answers whether the queue was running (and is now paused). */
export async function pauseQueue(tx: Tx, queue: string, userId: string): Promise<boolean> {
  const inserted = await tx.insert(jobQueuePauses).values({ queue, pausedBy: userId }).onConflictDoNothing().returning({ queue: jobQueuePauses.queue });
  return inserted.length > 0;
}

/** Answers whether the queue was paused (and now runs again). */
export async function resumeQueue(tx: Tx, queue: string): Promise<boolean> {
  const deleted = await tx.delete(jobQueuePauses).where(eq(jobQueuePauses.queue, queue)).returning({ queue: jobQueuePauses.queue });
  return deleted.length > 0;
}

export async function databaseSizeBytes(tx: Tx): Promise<number | null> {
  const [row] = rowsOf<{ size: string | number | null }>(await tx.execute(sql`select pg_database_size(current_database()) as size`));
  return row?.size == null ? null : Number(row.size);
}

/** Statements of other connections running for longer than `thresholdMs` (PostgreSQL's pg_stat_activity). */
export async function slowQueries(tx: Tx, thresholdMs: number): Promise<{ query: string; durationMs: number; state: string }[]> {
  const rows = rowsOf<{ query: string; duration_ms: string | number; state: string | null }>(
    await tx.execute(sql`
      select left(query, 500) as query, extract(epoch from (now() - query_start)) * 1000 as duration_ms, state
      from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' and query_start < now() - make_interval(secs => ${thresholdMs / 1000})
      order by query_start limit 20`),
  );
  return rows.map((row) => ({ query: row.query, durationMs: Math.round(Number(row.duration_ms)), state: row.state ?? 'unknown' }));
}

/** The database's client connections as the server counts them (every node's pool together). */
export async function connectionCounts(tx: Tx): Promise<{ total: number; idle: number; waiting: number }> {
  const [row] = rowsOf<{ total: string | number; idle: string | number; waiting: string | number }>(
    await tx.execute(sql`
      select count(*) as total,
        count(*) filter (where state = 'idle') as idle,
        count(*) filter (where wait_event_type = 'Lock') as waiting
      from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`),
  );
  return { total: Number(row?.total ?? 0), idle: Number(row?.idle ?? 0), waiting: Number(row?.waiting ?? 0) };
}
