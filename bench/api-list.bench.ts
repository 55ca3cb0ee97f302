import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { AuthResult } from '@carbonledger/contracts';
import { DEMO_USERS } from '../apps/api/src/db/seed';
import { listActiveSessions } from '../apps/api/src/modules/sessions/sessions.service';
import { keepAliveLoad, listeningBenchApp, type Measured, report, signIn, summarise } from './harness';

const CONCURRENCY = 50;
const REQUESTS = 5000;
const WARM_UP = 500;
/** The budgets: full app / bare throughput, and on PostgreSQL the full app's p99 too. */
const BUDGETS = { postgres: { ratio: 0.7, p99Ms: 50 }, pglite: { ratio: 0.6, p99Ms: null } } as const;

/** `total` GETs of `path` over CONCURRENCY keep-alive connections. */
async function load(name: string, port: number, path: string, headers: Record<string, string>, total: number): Promise<Measured> {
  const { samples, ms } = await keepAliveLoad({ port, path, headers }, total, CONCURRENCY);
  return summarise(name, samples, total, ms);
}

/**
 * GET /api/v1/sessions/active through the whole product (JWT, session row check, role
 * guard, RLS transaction, zod serialisation, envelope, request log) against a bare
 * Fastify route running the same query in the same tenant transaction, side by side.
 */
export async function run() {
  const { app, database, port: appPort } = await listeningBenchApp();

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
  const ratio = report(`API list endpoint, ${CONCURRENCY} connections, ${REQUESTS} requests each (${database.kind})`, baseline, subject);
  const budget = BUDGETS[database.kind];
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log(
    `  budget (${database.kind}): ratio ≥ ${budget.ratio.toFixed(2)}: ${verdict(ratio >= budget.ratio)}` +
      (budget.p99Ms === null ? '' : `; p99 ≤ ${budget.p99Ms} ms: ${verdict(subject.p99Ms <= budget.p99Ms)} (${subject.p99Ms.toFixed(1)} ms)`),
  );

  await bare.close();
  await app.close();
}
