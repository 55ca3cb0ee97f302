import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { ApiEnvelope, AuthResult } from '@carbonledger/contracts';
import { openEmbeddedChain } from '../packages/chain/src/index';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/database';

/** The password every bench resets its demo users to before signing them in. */
export const BENCH_PASSWORD = 'Bench!2345';

export interface Measured {
  name: string;
  opsPerSecond: number;
  p99Ms: number;
}

/** The value below which a share `p` of the (ascending) samples fall. */
export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/** Throughput and p99 of `requests` answered in `ms`, each taking one of `samples` ms. */
export function summarise(name: string, samples: readonly number[], requests: number, ms: number): Measured {
  return {
    name,
    opsPerSecond: (requests / ms) * 1000,
    p99Ms: percentile(
      [...samples].sort((a, b) => a - b),
      0.99,
    ),
  };
}

/**
 * The whole product as an API process (ROLE=api) on a loopback port, seeded with the demo
 * tenant whose users sign in with BENCH_PASSWORD: on DATABASE_URL's PostgreSQL when set, else
 * in-memory PGlite, with an embedded chain.
 */
export async function listeningBenchApp(env: Record<string, string> = {}): Promise<{ app: App; database: Database; port: number }> {
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/carbonledger-bench-${randomBytes(6).toString('hex')}`,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ROLE: 'api',
    ...env,
  });
  const app = await buildApp(config, { database, chain: openEmbeddedChain({ snapshotPath: null }), logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, database, port: (app.server.address() as AddressInfo).port };
}

/** Signs a demo user in over HTTP, as a browser would; with the CSRF token its state-changing requests send. */
export async function signIn(port: number, email: string, password = BENCH_PASSWORD): Promise<AuthResult & { csrfToken: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`${email} could not sign in: ${response.status}`);
  return { ...((await response.json()) as ApiEnvelope<AuthResult>).data, csrfToken: String(response.headers.get('x-csrf-token')) };
}

function get(agent: http.Agent, port: number, path: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${path} answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * `total` GETs over `concurrency` keep-alive connections, each connection sending its next
 * request when the last one is answered; every request must answer 200.
 */
export async function keepAliveLoad(
  target: { port: number; path: string; headers?: Record<string, string> },
  total: number,
  concurrency: number,
): Promise<{ samples: number[]; ms: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const samples: number[] = [];
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < total) {
        issued += 1;
        const t = performance.now();
        await get(agent, target.port, target.path, target.headers ?? {});
        samples.push(performance.now() - t);
      }
    }),
  );
  const ms = performance.now() - started;
  agent.destroy();
  return { samples, ms };
}

/** Times `work` for a fixed number of iterations after a warm-up and reports operations per second. */
export async function measure(name: string, iterations: number, work: () => Promise<unknown>): Promise<Measured> {
  for (let i = 0; i < Math.min(50, iterations); i++) await work();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await work();
    samples.push(performance.now() - t);
  }
  return summarise(name, samples, iterations, performance.now() - started);
}

export function report(title: string, baseline: Measured, subject: Measured) {
  const ratio = subject.opsPerSecond / baseline.opsPerSecond;
  console.log(`\n${title}`);
  for (const row of [baseline, subject])
    console.log(`  ${row.name.padEnd(44)} ${row.opsPerSecond.toFixed(0).padStart(8)} ops/s   p99 ${row.p99Ms.toFixed(2)} ms`);
  console.log(`  ratio ${subject.name} / ${baseline.name}: ${ratio.toFixed(2)}`);
  return ratio;
}
