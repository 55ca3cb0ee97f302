// A worker in a process of its own for jobs-monitor.routes.test.ts: pg-boss through
// plugins/jobs.ts on the PostgreSQL database named by argv[2], working the queue argv[3].
// It prints "ready" once it polls, then the id of each job it handles, one per line.
import { openDatabase } from '../../db/database';
import { startJobQueue } from '../../plugins/jobs';

const [url, queue] = process.argv.slice(2);
if (!url || !queue) throw new Error('usage: worker-process.testing.ts <postgres url> <queue>');
const database = await openDatabase({ kind: 'postgres', url });
const boss = await startJobQueue(database, { runWorkers: true });
await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
  process.stdout.write(`${job!.id}\n`);
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void boss.stop({ graceful: false, close: false }).finally(() => void database.close().finally(() => process.exit(0)));
});
