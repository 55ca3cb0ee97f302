import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { count } from 'drizzle-orm';
import { openEmbeddedChain } from '@carbonledger/chain';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { tenants, users } from './db/schema';

const serverUrl = process.env.TEST_DATABASE_URL;
const failureOf = (reason: unknown) => (reason instanceof Error ? (reason.stack ?? reason.message) : String(reason));

async function withFreshDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const name = `cl_start_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Several nodes of one deployment starting at the same moment on a new PostgreSQL database (PGlite is one process: nothing to race). */
describe.skipIf(!serverUrl)('two processes starting together on an empty PostgreSQL database', () => {
  it('both come up: migrations, job queue schema and demo seed are each set up once', { timeout: 180_000 }, async () => {
    for (let round = 0; round < 3; round += 1) {
      await withFreshDatabase(async (url) => {
        const config = loadConfig({
          NODE_ENV: 'test',
          DATABASE_URL: url,
          SEED_DEMO: 'true',
          LOG_LEVEL: 'silent',
          DATA_DIR: '/tmp/carbonledger-concurrent-start',
          WEB_DIST_DIR: '/nonexistent',
        });
        const started = await Promise.allSettled([0, 1].map(() => buildApp(config, { logger: false, chain: openEmbeddedChain({ snapshotPath: null }) })));
        const apps = started.filter((result): result is PromiseFulfilledResult<App> => result.status === 'fulfilled').map((result) => result.value);
        try {
          expect(started.filter((result) => result.status === 'rejected').map((result) => failureOf(result.reason))).toEqual([]);
          for (const app of apps) expect((await app.inject({ url: '/api/v1/health' })).json().data.components.jobs.status).toBe('up');
          const seeded = await apps[0]!.db.asSystem(async (tx) => ({
            tenants: (await tx.select({ n: count() }).from(tenants))[0]!.n,
            users: (await tx.select({ n: count() }).from(users))[0]!.n,
          }));
          expect(seeded).toEqual({ tenants: 1, users: 9 });
        } finally {
          for (const app of apps) await app.close();
        }
      });
    }
  });
});
