import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyPluginAsync } from 'fastify';
import { openEmbeddedChain } from '@carbonledger/chain';
import { buildApp, type App } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/database';

/**
 * A fresh database per test file: in-memory PGlite by default, or a brand-new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, drop: () => database.close() };
  }
  const name = `cl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: App;
  config: AppConfig;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Extra routes registered before the app is ready, for probing shared plumbing. */
  routes?: FastifyPluginAsync;
}

export async function createTestApp({ env = {}, routes }: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  // Tests play many clients from one place: inject() comes from loopback with X-Forwarded-For, as through a local proxy.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/carbonledger-test-${randomBytes(6).toString('hex')}`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const app = await buildApp(config, { database, chain: openEmbeddedChain({ snapshotPath: null }), logger: false });
  if (routes) await app.register(routes);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close().catch(() => undefined);
      await drop();
    },
  };
}
