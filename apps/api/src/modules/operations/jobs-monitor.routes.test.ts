import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openEmbeddedChain } from '@carbonledger/chain';
import { jobListSchema, jobQueueListSchema, jobQueueSchema, jobSchema, type Job } from '@carbonledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { rowsOf } from '../../db/database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';

const PAUSED_QUEUE = 'operations-test.paused';
const FLAKY_QUEUE = 'operations-test.flaky';

let harness: TestApp;
/** A second node on the same database, running the workers (the API node sends only). */
let workerNode: App;
let admin: SignedIn;
const handled: string[] = [];
let flakyRuns = 0;

const until = async (check: () => Promise<boolean>, timeoutMs = 8000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
};

beforeAll(async () => {
  harness = await createTestApp({ env: { ROLE: 'api' } });
  const config = loadConfig({
    NODE_ENV: 'test',
    ROLE: 'worker',
    DATA_DIR: `/tmp/carbonledger-test-${randomBytes(6).toString('hex')}`,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
  });
  // The database stays the harness's to close.
  workerNode = await buildApp(config, {
    database: { ...harness.app.db, close: async () => undefined },
    chain: openEmbeddedChain({ snapshotPath: null }),
    logger: false,
  });
  await workerNode.ready();
  await harness.app.jobs.createQueue(PAUSED_QUEUE);
  await harness.app.jobs.createQueue(FLAKY_QUEUE, { name: FLAKY_QUEUE, retryLimit: 0 });
  await workerNode.jobs.work<{ n: number }>(PAUSED_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    handled.push(job!.id);
  });
  await workerNode.jobs.work(FLAKY_QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
    flakyRuns += 1;
    if (flakyRuns === 1) throw new Error('registry timed out');
    return { settled: true };
  });
  admin = await signInAs(harness.app, 'admin@demo.test');
}, 60_000);
afterAll(async () => {
  await workerNode?.close();
  await harness?.close();
});

const stateOf = async (queue: string, id: string) => (await harness.app.jobs.getJobById(queue, id))?.state;

describe('pausing a queue', () => {
  it('stops the workers of another node taking its jobs, and resuming lets them', async () => {
    const paused = await harness.app.inject({ method: 'POST', url: `/api/v1/operations/queues/${PAUSED_QUEUE}/pause`, headers: admin.headers });
    expect(paused.statusCode).toBe(200);
    expect(jobQueueSchema.parse(paused.json().data)).toMatchObject({ name: PAUSED_QUEUE, paused: true });

    const id = (await harness.app.jobs.send(PAUSED_QUEUE, { n: 1 }))!;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await stateOf(PAUSED_QUEUE, id)).toBe('created');
    expect(handled).not.toContain(id);

    const active = jobListSchema.parse(
      (await harness.app.inject({ url: `/api/v1/operations/jobs?view=active&queue=${PAUSED_QUEUE}`, headers: admin.headers })).json().data,
    );
    expect(active.find((job) => job.id === id)).toMatchObject({ status: 'pending', queue: PAUSED_QUEUE, data: { n: 1 }, attempts: 0 });

    const resumed = await harness.app.inject({ method: 'POST', url: `/api/v1/operations/queues/${PAUSED_QUEUE}/resume`, headers: admin.headers });
    expect(jobQueueSchema.parse(resumed.json().data).paused).toBe(false);
    expect(await until(async () => (await stateOf(PAUSED_QUEUE, id)) === 'completed')).toBe(true);
    expect(handled).toContain(id);

    const queues = jobQueueListSchema.parse((await harness.app.inject({ url: '/api/v1/operations/queues', headers: admin.headers })).json().data);
    expect(queues.find((queue) => queue.name === PAUSED_QUEUE)).toMatchObject({ paused: false, counts: { completed: 1 } });
  });

  it('answers 404 for a queue that does not exist', async () => {
    const answer = await harness.app.inject({ method: 'POST', url: '/api/v1/operations/queues/no.such-queue/pause', headers: admin.headers });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.reason).toBe('OPERATIONS__QUEUE_NOT_FOUND');
  });
});

describe('progress', () => {
  it("shows a batch mint's recorded progress while its job waits (pg-boss records none)", async () => {
    const pause = (action: 'pause' | 'resume') =>
      harness.app.inject({ method: 'POST', url: `/api/v1/operations/queues/minting.batch/${action}`, headers: admin.headers });
    expect((await pause('pause')).statusCode).toBe(200);
    try {
      const { tenant, company, user } = admin.result;
      const batch = await harness.app.db.asSystem(async (tx) => {
        const [wallet] = rowsOf<{ id: string }>(
          await tx.execute(sql`insert into company_wallets (tenant_id, company_id, address, type, status)
            values (${tenant.id}, ${company.id}, ${`ProgressWallet${Date.now()}`}, 'external', 'pending') returning id`),
        );
        const [row] = rowsOf<{ id: string }>(
          await tx.execute(sql`insert into minting_jobs (tenant_id, company_id, user_id, wallet_id, wallet_address, vcu_count, total_amount, status, progress)
            values (${tenant.id}, ${company.id}, ${user.id}, ${wallet!.id}, 'x', 10, 1000, 'running', 40) returning id`),
        );
        return { id: row!.id, tenantId: tenant.id };
      });
      const id = (await harness.app.jobs.send('minting.batch', { tenantId: batch.tenantId, jobId: batch.id }))!;
      const active = jobListSchema.parse(
        (await harness.app.inject({ url: '/api/v1/operations/jobs?view=active&queue=minting.batch', headers: admin.headers })).json().data,
      );
      expect(active.find((job) => job.id === id)).toMatchObject({ status: 'pending', progress: 40 });
      await harness.app.inject({ method: 'POST', url: `/api/v1/operations/jobs/${id}/cancel`, headers: admin.headers });
      await harness.app.db.asSystem((tx) => tx.execute(sql`update minting_jobs set status = 'failed' where id = ${batch.id}`));
    } finally {
      await pause('resume');
    }
  });
});

describe('a failed job', () => {
  it('shows in Failed Jobs with its error, and completes when retried', async () => {
    const id = (await harness.app.jobs.send(FLAKY_QUEUE, { batch: 7 }))!;
    expect(await until(async () => (await stateOf(FLAKY_QUEUE, id)) === 'failed')).toBe(true);

    const failed = jobListSchema.parse((await harness.app.inject({ url: '/api/v1/operations/jobs?view=failed', headers: admin.headers })).json().data);
    expect(failed.find((job) => job.id === id)).toMatchObject({ status: 'failed', errorMessage: 'registry timed out', attempts: 1, data: { batch: 7 } });

    const retried = await harness.app.inject({ method: 'POST', url: `/api/v1/operations/jobs/${id}/retry`, headers: admin.headers });
    expect(retried.statusCode).toBe(200);
    expect(['retrying', 'running', 'completed']).toContain(jobSchema.parse(retried.json().data).status);
    expect(await until(async () => (await stateOf(FLAKY_QUEUE, id)) === 'completed')).toBe(true);

    const history = jobListSchema.parse((await harness.app.inject({ url: '/api/v1/operations/jobs?view=history', headers: admin.headers })).json().data);
    expect(history.find((job) => job.id === id)).toMatchObject<Partial<Job>>({ status: 'completed', progress: 100, result: { settled: true }, attempts: 2 });

    const again = await harness.app.inject({ method: 'POST', url: `/api/v1/operations/jobs/${id}/retry`, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('OPERATIONS__JOB_NOT_RETRYABLE');
  });
});

describe('cancelling', () => {
  it('cancels a pending job, which then never runs, and refuses a finished one', async () => {
    await harness.app.inject({ method: 'POST', url: `/api/v1/operations/queues/${PAUSED_QUEUE}/pause`, headers: admin.headers });
    const id = (await harness.app.jobs.send(PAUSED_QUEUE, { n: 2 }))!;
    const cancelled = await harness.app.inject({ method: 'POST', url: `/api/v1/operations/jobs/${id}/cancel`, headers: admin.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(jobSchema.parse(cancelled.json().data)).toMatchObject({ status: 'failed', errorMessage: 'Cancelled by an administrator.' });
    await harness.app.inject({ method: 'POST', url: `/api/v1/operations/queues/${PAUSED_QUEUE}/resume`, headers: admin.headers });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled).not.toContain(id);

    const refused = await harness.app.inject({ method: 'POST', url: `/api/v1/operations/jobs/${id}/cancel`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('OPERATIONS__JOB_NOT_CANCELLABLE');
  });

  it('answers 404 for an unknown job id and 400 for a malformed one', async () => {
    const unknown = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/operations/jobs/00000000-0000-4000-8000-000000000000/cancel`,
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await harness.app.inject({ method: 'POST', url: `/api/v1/operations/jobs/not-a-uuid%00/cancel`, headers: admin.headers });
    expect(malformed.statusCode).toBe(400);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker in another process (PostgreSQL)', () => {
  const QUEUE = 'operations-test.child-process';

  it('takes no job of a paused queue, and takes it once the queue is resumed', async () => {
    await harness.app.jobs.createQueue(QUEUE);
    const [row] = await harness.app.db.asSystem(async (tx) => rowsOf<{ name: string }>(await tx.execute(sql`select current_database() as name`)));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    await harness.app.inject({ method: 'POST', url: `/api/v1/operations/queues/${QUEUE}/pause`, headers: admin.headers });

    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/operations/worker-process.testing.ts', url.toString(), QUEUE], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      expect(await until(async () => output.includes('ready'), 30_000)).toBe(true);
      const id = (await harness.app.jobs.send(QUEUE, { n: 3 }))!;
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await stateOf(QUEUE, id)).toBe('created');
      expect(output).not.toContain(id);

      await harness.app.inject({ method: 'POST', url: `/api/v1/operations/queues/${QUEUE}/resume`, headers: admin.headers });
      expect(await until(async () => output.includes(id))).toBe(true);
      expect(await until(async () => (await stateOf(QUEUE, id)) === 'completed')).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 60_000);
});
