import type { ApiEnvelope, ApiKeyWithSecret } from '@carbonledger/contracts';
import { keepAliveLoad, listeningBenchApp, report, signIn, summarise } from './harness';

const CONCURRENCY = 20;
const ROUND = 1000;
const ROUNDS = 4;
const WARM_UP = 500;
/** docs/product.md §3 API key: the key path may add at most this share to the session path's time per request. */
const BUDGET = 0.1;
const LIST = '/api/v1/companies';

interface Totals {
  requests: number;
  ms: number;
  samples: number[];
}

/** `total` GETs of the list over CONCURRENCY keep-alive connections, added to `into`. */
async function load(port: number, headers: Record<string, string>, total: number, into: Totals): Promise<void> {
  const { samples, ms } = await keepAliveLoad({ port, path: LIST, headers }, total, CONCURRENCY);
  into.samples.push(...samples);
  into.ms += ms;
  into.requests += total;
}

const measured = (name: string, totals: Totals) => summarise(name, totals.samples, totals.requests, totals.ms);

/**
 * The same authenticated list request (GET /api/v1/companies, company:read) with a session's
 * access token and with an API key, in alternating rounds of one run so drift hits both: the
 * key path (secret lookup and hash compare, IP and expiry checks, rate-limit counters, usage
 * buffer) must add at most 10 % to the session path (JWT, session row check).
 */
export async function run() {
  const { app, database, port } = await listeningBenchApp();
  const base = `http://127.0.0.1:${port}/api/v1`;

  const session = await signIn(port, 'companyadmin@demo.test');
  const sessionHeaders = { authorization: `Bearer ${session.tokens.accessToken}` };
  const created = await fetch(`${base}/api-keys`, {
    method: 'POST',
    headers: { ...sessionHeaders, 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
    body: JSON.stringify({
      name: 'bench',
      environment: 'production',
      permissions: ['company:read'],
      rateLimits: { perMinute: 1_000_000, perHour: 1_000_000, perDay: 1_000_000 },
    }),
  });
  if (created.status !== 201) throw new Error(`the API key could not be created: ${created.status} ${await created.text()}`);
  const { secret } = ((await created.json()) as ApiEnvelope<ApiKeyWithSecret>).data;
  const keyHeaders = { authorization: `Bearer ${secret}` };

  const ignored: Totals = { requests: 0, ms: 0, samples: [] };
  await load(port, sessionHeaders, WARM_UP, ignored);
  await load(port, keyHeaders, WARM_UP, ignored);
  const viaSession: Totals = { requests: 0, ms: 0, samples: [] };
  const viaKey: Totals = { requests: 0, ms: 0, samples: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating which goes first keeps a warming or cooling process from favouring one side.
    const order = round % 2 === 0 ? ([viaSession, viaKey] as const) : ([viaKey, viaSession] as const);
    for (const totals of order) await load(port, totals === viaSession ? sessionHeaders : keyHeaders, ROUND, totals);
  }
  const ratio = report(
    `Authenticated list request, session token vs API key, ${CONCURRENCY} connections, ${ROUNDS} × ${ROUND} requests each (${database.kind})`,
    measured('GET /api/v1/companies with a session token', viaSession),
    measured('GET /api/v1/companies with an API key', viaKey),
  );
  const added = 1 / ratio - 1;
  console.log(`  time per request added by the API key: ${(added * 100).toFixed(1)} % (budget ≤ ${BUDGET * 100} %): ${added <= BUDGET ? 'met' : 'missed'}`);
  await app.close();
}
