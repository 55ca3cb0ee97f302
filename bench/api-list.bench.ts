import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { ApiEnvelope, AuthResult } from '@carbonledger/contracts';
import { openEmbeddedChain } from '../packages/chain/src/index';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { DEMO_USERS } from '../apps/api/src/db/seed';
import { listActiveSessions } from '../apps/api/src/modules/sessions/sessions.service';
import { report } from './harness';

const CONCURRENCY = 50;
const REQUESTS = 5000;
const WARM_UP = 500;
const PASSWORD = 'Bench!2345';

interface Measured {
  name: string;
  opsPerSecond: number;
  p99Ms: number;
}

function get(agent: http.Agent, port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve(response.statusCode) : reject(new Error(`${path} answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end();
  });
}

/** `total` GETs over CONCURRENCY keep-alive connections, each connection sending its next request when the last one is answered. */
async function load(name: string, port: number, path: string, headers: Record<string, string>, total: number): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const samples: number[] = [];
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < total) {
        issued += 1;
        const t = performance.now();
        await get(agent, port, path, headers);
        samples.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - started;
  agent.destroy();
  samples.sort((a, b) => a - b);
  return { name, opsPerSecond: (total / elapsed) * 1000, p99Ms: samples[Math.floor(samples.length * 0.99)] ?? 0 };
}

async function signIn(port: number, email: string): Promise<AuthResult> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`${email} could not sign in: ${response.status}`);
  return ((await response.json()) as ApiEnvelope<AuthResult>).data;
}

/**
 * GET /api/v1/sessions/active through the whole product (JWT, session row check, role
 * guard, RLS transaction, zod serialisation, envelope, request log) against a bare
 * Fastify route running the same query in the same tenant transaction, side by side.
 */
export async function run() {
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/carbonledger-bench-${randomBytes(6).toString('hex')}`,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ROLE: 'api',
  });
  const app = await buildApp(config, { database, chain: openEmbeddedChain({ snapshotPath: null }), logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appPort = (app.server.address() as AddressInfo).port;

  let admin: AuthResult | null = null;
  for (const user of DEMO_USERS) {
    const signedIn = await signIn(appPort, user.email);
    if (user.role === 'ADMIN') admin = signedIn;
  }
  if (!admin) throw new Error('the demo administrator could not sign in');
  const tenantId = admin.tenant.id;
  const sessionId = admin.session.sessionId;

  const bare = Fastify({ logger: false });
  bare.get('/sessions', async () => database.withTenant(tenantId, (tx) => listActiveSessions(tx, app.sessionPolicy, { currentSessionId: sessionId })));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as AddressInfo).port;

  const auth = { authorization: `Bearer ${admin.tokens.accessToken}` };
  await load('warm-up', barePort, '/sessions', {}, WARM_UP);
  await load('warm-up', appPort, '/api/v1/sessions/active', auth, WARM_UP);
  const baseline = await load('bare Fastify + same query', barePort, '/sessions', {}, REQUESTS);
  const subject = await load('GET /api/v1/sessions/active (full app)', appPort, '/api/v1/sessions/active', auth, REQUESTS);
  report(`API list endpoint, ${CONCURRENCY} connections, ${REQUESTS} requests each (${database.kind})`, baseline, subject);
  console.log(
    `  p99 budget 50 ms: ${subject.p99Ms <= 50 ? 'met' : 'missed'}; throughput budget ≥ 0.50 of bare: ${subject.opsPerSecond / baseline.opsPerSecond >= 0.5 ? 'met' : 'missed'}`,
  );

  await bare.close();
  await app.close();
}
