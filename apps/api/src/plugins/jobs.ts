import PgBoss from 'pg-boss';
import type { Database } from '../db/database';

export type JobQueue = PgBoss;

/**
 * pg-boss on the product's own database: PGlite in embedded mode, PostgreSQL otherwise.
 * Workers run only on nodes whose ROLE includes them.
 */
export async function startJobQueue(database: Database, options: { runWorkers: boolean }): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    migrate: true,
  });
  await boss.start();
  return boss;
}

export async function stopJobQueue(boss: JobQueue): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
}
