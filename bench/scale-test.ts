/**
 * Topology test (`npm run test:scale`, docs/deploy.md): the product as production runs it, on
 * the PostgreSQL (127.0.0.1:5432, a fresh database per run) and Redis (127.0.0.1:6379) of the
 * machine. One process hosts the embedded chain and serves its JSON-RPC/PubSub at /rpc; two
 * ROLE=api processes (A, B) and two ROLE=worker processes use that chain through
 * SOLANA_RPC_URL/SOLANA_WS_URL; nginx (Debian's package) balances A and B with websocket
 * upgrade. A request header `x-pin: a|b` pins a request to one process through the proxy.
 *
 * Proves, exiting 1 when a check fails: a socket on A hears the notification of a request B
 * served; a batch mint sent to A runs on a worker and its progress reaches that socket; a
 * scheduled retirement runs once although both workers start the scheduler; the per-IP
 * login limit and Idempotency-Key hold across A and B; a logout on B ends the socket on A; B
 * killed mid-request loses nothing and the client's retry through the proxy succeeds.
 *
 * Options (environment): SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * SCALE_REDIS_URL (default redis://127.0.0.1:6379), NGINX (default nginx on the PATH or /usr/sbin/nginx).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { REALTIME, SERVER_EVENTS } from '@carbonledger/contracts';
import { LOGIN_RATE_LIMIT } from '../apps/api/src/plugins/rate-limit';
import { dropFreshDatabase, freePort, freshDatabase, sleep } from './processes';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATABASE_SERVER = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DEMO_PASSWORD = 'Demo!2345';
const started = Date.now();
const log = (line: string) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);

const failures: string[] = [];
function check(condition: boolean, what: string, detail = ''): void {
  log(`${condition ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!condition) failures.push(what);
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-scale-'));
const children = new Set<ChildProcess>();
// A failed or interrupted run must not leave servers behind.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
}

async function waitHealthy(node: Node, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (node.child.exitCode !== null) throw new Error(`${node.name} exited with ${node.child.exitCode} while starting (log: ${workDir}/${node.name}.log)`);
    try {
      if ((await fetch(`http://127.0.0.1:${node.port}/api/v1/health/ready`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${node.name} was not ready within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

async function startNode(name: string, env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const output = fs.openSync(path.join(workDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(workDir, 'no-web'),
      DATA_DIR: path.join(workDir, name),
      ...env,
    },
    stdio: ['ignore', output, output],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children.delete(child));
  return { name, port, child, exited };
}

function nginxBinary(): string {
  const candidates = [process.env.NGINX, 'nginx', '/usr/sbin/nginx'].filter((candidate): candidate is string => Boolean(candidate));
  for (const candidate of candidates) if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  throw new Error('nginx is not installed (apt-get install -y nginx-light)');
}

/** nginx as the current user, balancing A and B; `x-pin: a|b` picks one, as a sticky load balancer would. */
async function startProxy(a: Node, b: Node): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const dir = path.join(workDir, 'nginx');
  fs.mkdirSync(dir);
  const config = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api { server 127.0.0.1:${a.port} max_fails=1 fail_timeout=5s; server 127.0.0.1:${b.port} max_fails=1 fail_timeout=5s; }
  map $http_x_pin $target { a 127.0.0.1:${a.port}; b 127.0.0.1:${b.port}; default api; }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$target;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 3600s;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child = spawn(nginxBinary(), ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return { port, child };
    } catch {
      await sleep(100);
    }
  }
  throw new Error('nginx did not start');
}

type Envelope = { success: boolean; data: unknown; message: string; error?: { code: string } };
type Answer = { status: number; body: Envelope | null } | { status: 'unreachable' };

class Client {
  headers: Record<string, string> = {};
  token = '';
  readonly ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  constructor(private readonly base: string) {}

  async signIn(email: string, pin?: 'a' | 'b'): Promise<void> {
    const login = await this.call('POST', '/auth/login', { email, password: DEMO_PASSWORD }, pin);
    if (login.status !== 200 || !login.body) throw new Error(`sign-in of ${email} answered ${login.status}`);
    const data = login.body.data as { tokens: { accessToken: string }; tenant: { id: string } };
    this.token = data.tokens.accessToken;
    this.headers = { authorization: `Bearer ${this.token}`, 'x-tenant-id': data.tenant.id };
    const csrf = await this.call('GET', '/auth/csrf-token', undefined, pin);
    this.headers['x-csrf-token'] = (csrf as { body: { data: { token: string } } }).body.data.token;
  }

  async call(method: string, url: string, body?: unknown, pin?: 'a' | 'b', headers: Record<string, string> = {}): Promise<Answer> {
    try {
      const response = await fetch(`${this.base}/api/v1${url}`, {
        method,
        headers: {
          ...this.headers,
          'x-forwarded-for': this.ip,
          ...(pin ? { 'x-pin': pin } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: Envelope | null = null;
      try {
        parsed = JSON.parse(text) as Envelope;
      } catch {
        // nginx's own error pages (502) are HTML.
      }
      return { status: response.status, body: parsed };
    } catch {
      return { status: 'unreachable' };
    }
  }

  async get<T>(url: string, pin?: 'a' | 'b'): Promise<T> {
    const answer = await this.call('GET', url, undefined, pin);
    if (answer.status !== 200 || !answer.body) throw new Error(`GET ${url} answered ${answer.status}`);
    return answer.body.data as T;
  }
}

/** A signed-in socket pinned to one API process through the proxy (websocket only: no sticky sessions needed). */
async function openSocket(
  base: string,
  client: Client,
  pin: 'a' | 'b',
): Promise<{ socket: Socket; events: { event: string; payload: unknown; at: number }[] }> {
  const events: { event: string; payload: unknown; at: number }[] = [];
  const socket = io(`${base}${REALTIME.namespace}`, {
    path: REALTIME.path,
    transports: ['websocket'],
    auth: { token: client.token },
    extraHeaders: { 'x-pin': pin, 'x-forwarded-for': client.ip },
    reconnection: false,
  });
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload, at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    socket.once(SERVER_EVENTS.connectionConfirmed, () => resolve());
    socket.once('connect_error', (error) => reject(error));
    setTimeout(() => reject(new Error('the socket did not connect within 10 s')), 10_000).unref();
  });
  return { socket, events };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) {
      log(`     (gave up waiting for ${what} after ${timeoutMs / 1000} s)`);
      return undefined;
    }
    await sleep(200);
  }
}

/** Sends one keyed POST until it has a final answer (409 in progress and 5xx/unreachable are retried with the same key). */
async function settle(client: Client, url: string, body: unknown, key: string, timeoutMs = 60_000): Promise<{ status: number; body: Envelope | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.call('POST', url, body, undefined, { 'idempotency-key': key });
    if (answer.status !== 'unreachable' && answer.status < 500 && !(answer.status === 409 && answer.body?.error?.code === 'IDEMPOTENCY_IN_FLIGHT'))
      return answer;
    if (Date.now() > deadline) throw new Error(`POST ${url} had no final answer within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

const retirementIdOf = (answer: { body: Envelope | null }) => (answer.body?.data as { retirement?: { id: string } } | null)?.retirement?.id;

async function main() {
  log(`work directory ${workDir}`);
  nginxBinary();
  const database = await freshDatabase(DATABASE_SERVER, 'scale');
  const { ownerUrl, appUrl } = database;
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();

  // The chain host: a product of its own (embedded PGlite and LiteSVM) whose /rpc is the cluster of the others.
  const chainHost = await startNode('chain', { ROLE: 'all', SEED_DEMO: 'false' });
  await waitHealthy(chainHost);
  log(`chain host ready on ${chainHost.port}`);

  const shared = {
    DATABASE_URL: ownerUrl,
    DATABASE_APP_URL: appUrl,
    REDIS_URL,
    SOLANA_RPC_URL: `http://127.0.0.1:${chainHost.port}/rpc`,
    SOLANA_WS_URL: `ws://127.0.0.1:${chainHost.port}/rpc`,
    SOLANA_CLUSTER: 'localnet',
    JWT_SECRET: randomBytes(32).toString('hex'),
    MASTER_KEY: randomBytes(32).toString('hex'),
    SEED_DEMO: 'true',
    SEED_DEMO_HOLDINGS: 'true',
    TRUST_PROXY: 'loopback',
    SHUTDOWN_TIMEOUT_SECONDS: '10',
  };
  // A seeds the demo tenant first; the others find it seeded.
  const workerOne = await startNode('worker-1', { ...shared, ROLE: 'worker' });
  await waitHealthy(workerOne);
  const [a, b, workerTwo] = await Promise.all([
    startNode('api-a', { ...shared, ROLE: 'api', ALLOWED_HOSTS: 'localhost,127.0.0.1' }),
    startNode('api-b', { ...shared, ROLE: 'api', ALLOWED_HOSTS: 'localhost,127.0.0.1' }),
    startNode('worker-2', { ...shared, ROLE: 'worker' }),
  ]);
  await Promise.all([waitHealthy(a), waitHealthy(b), waitHealthy(workerTwo)]);
  const proxy = await startProxy(a, b);
  const base = `http://127.0.0.1:${proxy.port}`;
  log(`topology ready: chain ${chainHost.port}, api A ${a.port}, api B ${b.port}, workers, nginx ${proxy.port}`);

  const client = new Client(base);
  await client.signIn('companyadmin@demo.test', 'a');
  const { socket, events } = await openSocket(base, client, 'a');
  check(true, 'a socket signed in through nginx is connected to process A');

  // Demo holdings go to the embedded chain only: this run makes its own, a managed wallet the administrator approves.
  const administrator = new Client(base);
  await administrator.signIn('admin@demo.test', 'b');
  const created = await client.call('POST', '/wallets/managed', { name: `Scale run ${randomUUID().slice(0, 8)}` }, 'a');
  if (created.status !== 201 || !created.body) throw new Error(`creating a managed wallet answered ${created.status}`);
  const managed = created.body.data as { id: string; address: string; companyId: string };
  // On a cluster the operator funds the tenant's platform keys (docs/chain.md); here from the chain host's faucet.
  await administrator.get('/settings/blockchain', 'a');
  const platformKeys = await owner.query<{ address: string }>('select address from platform_keys');
  for (const address of [...platformKeys.rows.map((key) => key.address), managed.address]) {
    const airdrop = await fetch(`http://127.0.0.1:${chainHost.port}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [address, 10_000_000_000] }),
    });
    const reply = (await airdrop.json()) as { error?: { message: string } };
    if (reply.error) throw new Error(`airdrop to ${address}: ${reply.error.message}`);
  }
  const approved = await administrator.call('POST', `/wallets/${managed.id}/approve`, {}, 'b');
  if (approved.status !== 200) throw new Error(`approving the wallet answered ${approved.status}: ${'body' in approved ? approved.body?.message : ''}`);

  // 1. A batch mint sent to A runs on a worker; its progress reaches the socket on A.
  {
    const projects = await client.get<{ items: { id: string }[] }>('/projects?pageSize=100', 'a');
    const blocks: string[] = [];
    for (const project of projects.items) {
      const detail = await client.get<{ vcuBlocks: { serialNumber: string; status: string }[] }>(`/projects/${project.id}`, 'a');
      for (const block of detail.vcuBlocks.filter((candidate) => candidate.status === 'issued')) {
        if (blocks.length === 3) break;
        const imported = await client.call('POST', '/vcus/import', { serialNumber: block.serialNumber }, 'a');
        if (imported.status === 201 && imported.body) blocks.push((imported.body.data as { id: string }).id);
      }
      if (blocks.length === 3) break;
    }
    check(blocks.length > 0, 'VCU blocks imported for a batch', `${blocks.length} blocks`);
    const answer = await client.call('POST', '/minting/batches', { vcuBlockIds: blocks, walletId: managed.id }, 'a', { 'idempotency-key': randomUUID() });
    check(answer.status === 202, 'a batch mint sent to A is accepted', `HTTP ${answer.status}`);
    const jobId = (answer.status === 202 && (answer.body?.data as { id: string }).id) || '';
    const updates = () => events.filter((entry) => entry.event === SERVER_EVENTS.mintingJobUpdate && (entry.payload as { id: string }).id === jobId);
    const completed = await until(
      'the batch to complete',
      () => updates().find((entry) => (entry.payload as { status: string }).status === 'completed'),
      90_000,
    );
    check(completed !== undefined, "the batch's progress reaches the socket on A until completed", `${updates().length} minting_job_update events`);
    const ranOn = await owner.query<{ count: string }>("select count(*) from pgboss.job where name like 'minting%' and state = 'completed'");
    check(Number(ranOn.rows[0]?.count ?? 0) > 0, 'the batch ran as a job (API processes run none, so on a worker)');
  }

  const holding = await until(
    'the minted holding',
    async () => {
      const found = await client.get<{ holdings: { mint: string; walletId: string; heldAmount: string }[] }>('/portfolio', 'b');
      return found.holdings.find((entry) => entry.walletId === managed.id && BigInt(entry.heldAmount) >= 10n);
    },
    30_000,
  );
  if (!holding) throw new Error('the batch left no holding of 10 tCO2e or more in the wallet');
  const retirement = (beneficiaryName: string, extra: Record<string, unknown> = {}) => ({
    companyId: managed.companyId,
    walletAddress: managed.address,
    tokenMint: holding.mint,
    amount: '1',
    reason: 'voluntary_offset',
    location: { country: 'BR' },
    beneficiaryName,
    ...extra,
  });
  const retirementsNamed = async (name: string) =>
    (await owner.query<{ id: string; status: string }>('select id, status from retirements where beneficiary_name = $1', [name])).rows;

  // 2. A request served by B notifies the user whose socket is on A.
  {
    const before = events.filter((entry) => entry.event === SERVER_EVENTS.notificationNew).length;
    const answer = await client.call('POST', '/retirements', retirement('Scale run: notification'), 'b', { 'idempotency-key': randomUUID() });
    check(answer.status === 201 || answer.status === 200, 'a retirement served by B is accepted', `HTTP ${answer.status}`);
    const heard = await until(
      'notification_new on A',
      () => events.filter((entry) => entry.event === SERVER_EVENTS.notificationNew).length > before || undefined,
      30_000,
    );
    check(heard === true, 'the socket on A receives the notification caused by the request B served');
  }

  // 3. A scheduled retirement runs exactly once although both workers start the scheduler.
  {
    const name = `Scale run: scheduled ${randomUUID()}`;
    const answer = await client.call('POST', '/retirements', retirement(name, { scheduledFor: new Date(Date.now() + 4000).toISOString() }), undefined, {
      'idempotency-key': randomUUID(),
    });
    check(
      answer.status === 201 || answer.status === 200,
      'a retirement scheduled 4 s ahead is accepted',
      `HTTP ${answer.status} ${'body' in answer ? (answer.body?.message ?? '') : ''}`,
    );
    const id = 'body' in answer ? retirementIdOf(answer) : undefined;
    const done = await until(
      'the scheduled retirement to complete',
      async () => {
        const rows = await retirementsNamed(name);
        return rows[0]?.status === 'completed' ? rows[0] : undefined;
      },
      90_000,
    );
    check(done !== undefined, 'the scheduled retirement completes');
    // Let a second runner that would have raced the first finish too before counting.
    await sleep(3000);
    const runs = await owner.query<{ count: string }>("select count(*) from audit_log where action = 'retirement.execution_started' and resource_id = $1", [
      id,
    ]);
    check(runs.rows[0]?.count === '1', 'the scheduled retirement was executed exactly once', `${runs.rows[0]?.count ?? 0} execution(s)`);
  }

  // 4. The per-IP sign-in limit is one counter for A and B (Redis): unknown addresses, so the per-account throttle stays out of it.
  {
    const guesser = new Client(base);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.max + 4; attempt += 1) {
      const answer = await guesser.call(
        'POST',
        '/auth/login',
        { email: `nobody-${attempt}-${randomUUID()}@scale.test`, password: 'wrong-password' },
        attempt % 2 ? 'b' : 'a',
      );
      statuses.push(answer.status === 'unreachable' ? 0 : answer.status);
    }
    const refused = statuses.filter((status) => status === 429).length;
    check(
      refused === 4,
      `the sign-in limit (${LOGIN_RATE_LIMIT.max} a minute per IP) holds across A and B`,
      `${refused} of ${statuses.length} refused with 429`,
    );
  }

  // 5. One Idempotency-Key sent to A and B at once creates one retirement.
  {
    const name = `Scale run: idempotent ${randomUUID()}`;
    const key = randomUUID();
    const send = (pin: 'a' | 'b') => client.call('POST', '/retirements', retirement(name), pin, { 'idempotency-key': key });
    const answers = await Promise.all([send('a'), send('b')]);
    const statuses = answers.map((answer) => answer.status);
    const settled = await settle(client, '/retirements', retirement(name), key);
    const rows = await retirementsNamed(name);
    check(
      rows.length === 1,
      'the same Idempotency-Key sent to A and B concurrently creates one retirement',
      `answers ${statuses.join(', ')}; ${rows.length} created`,
    );
    check(retirementIdOf(settled) === rows[0]?.id, 'the replay answers that retirement');
  }

  // 6. A logout served by B ends the socket that is on A, and A refuses the token at once.
  {
    const other = new Client(base);
    await other.signIn('companyadmin@demo.test', 'b');
    const second = await openSocket(base, other, 'a');
    const disconnected = new Promise<number>((resolve) => second.socket.once('disconnect', () => resolve(Date.now())));
    const loggedOutAt = Date.now();
    const logout = await other.call('POST', '/auth/logout', {}, 'b');
    check(logout.status === 200 || logout.status === 204, 'a logout served by B', `HTTP ${logout.status}`);
    const at = await Promise.race([disconnected, sleep(5000).then(() => undefined)]);
    check(
      at !== undefined && at - loggedOutAt < 1000,
      "the revoked session's socket on A is disconnected within a second",
      at ? `${at - loggedOutAt} ms` : 'not at all',
    );
    const after = await other.call('GET', '/wallets', undefined, 'a');
    check(after.status === 401, 'A refuses the revoked session at once', `HTTP ${after.status}`);
  }

  // 7. B killed mid-request loses nothing: the client's retry with the same key through the proxy succeeds, once.
  {
    const name = `Scale run: killed ${randomUUID()}`;
    const key = randomUUID();
    const inFlight = client.call('POST', '/retirements', retirement(name), 'b', { 'idempotency-key': key });
    await sleep(30);
    b.child.kill('SIGKILL');
    await b.exited;
    const first = await inFlight;
    log(`     the request to B answered ${first.status} when B was killed`);
    // A retirement B left mid-burn is resumed by a worker's sweep once B's runner lease (60 s) has
    // run out; until then the retry answers 409 in flight, and the client keeps retrying with its key.
    const retryStarted = Date.now();
    const retried = await settle(client, '/retirements', retirement(name), key, 180_000);
    check(
      retried.status === 201 || retried.status === 200,
      "the client's retry through the proxy succeeds",
      `HTTP ${retried.status} after ${((Date.now() - retryStarted) / 1000).toFixed(1)} s of retries`,
    );
    const done = await until(
      'the retirement to complete',
      async () => {
        const rows = await retirementsNamed(name);
        return rows.length === 1 && rows[0]?.status === 'completed' ? rows : undefined;
      },
      60_000,
    );
    const rows = await retirementsNamed(name);
    check(
      done !== undefined && rows.length === 1,
      'exactly one retirement exists for the key, and it completed',
      `${rows.length} row(s), ${rows.map((row) => row.status).join(', ')}`,
    );
  }

  socket.disconnect();
  await owner.end();
  // SIGTERM drains: each process must stop cleanly within SHUTDOWN_TIMEOUT_SECONDS.
  const nodes = [a, workerOne, workerTwo, chainHost];
  for (const node of nodes) node.child.kill('SIGTERM');
  const codes = await Promise.all(nodes.map((node) => Promise.race([node.exited.then(() => node.child.exitCode), sleep(20_000).then(() => 'hung')])));
  check(
    codes.every((code) => code === 0),
    'every process shuts down cleanly on SIGTERM',
    codes.map((code, index) => `${nodes[index]?.name}: ${String(code)}`).join(', '),
  );
  proxy.child.kill('SIGTERM');
  // A failed run keeps its database for a look, as it keeps the process logs.
  if (failures.length === 0) await dropFreshDatabase(DATABASE_SERVER, database);
}

main()
  .catch((error: unknown) => {
    failures.push(error instanceof Error ? error.message : String(error));
    log(`FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  })
  .finally(() => {
    log(failures.length === 0 ? 'scale test passed' : `scale test FAILED: ${failures.join('; ')} (process logs in ${workDir})`);
    if (failures.length === 0) fs.rmSync(workDir, { recursive: true, force: true });
    process.exit(failures.length === 0 ? 0 : 1);
  });
