/**
 * Chaos run (`npm run chaos`): the whole server, as `npm start` runs it, is killed with
 * SIGKILL at random moments while batch mints and retirements are under way, and restarted
 * on the same DATA_DIR (and database). Clients retry every request with its Idempotency-Key
 * until it has a final answer, as a real integrator would. At the end the ledger is checked
 * against the chain (see docs/retirements.md, "Crash safety"):
 *
 * - chain supply of every project mint = units the ledger tokenised − units it retired;
 * - every completed retirement's burn landed (with its memo) and its certificate has supply 1;
 * - no serial range tokenised twice, every batch job completed, nothing left processing;
 * - every Idempotency-Key resolved to exactly one retirement, answered the same each time.
 *
 * Options (environment): CHAOS_KILLS (default 20), CHAOS_DATABASE_URL (a PostgreSQL server
 * where the URL's user may create databases and roles: a fresh database is created for the
 * run, and the product runs on it as a runtime role; default embedded PGlite), CHAOS_SEED.
 * Exit code 1 when an invariant fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openEmbeddedChain } from '@carbonledger/chain';
import type { Address, Signature } from '@solana/kit';
import { APP_ROLE, openDatabase, pgliteDir, SYSTEM_ROLE, type Database } from '../apps/api/src/db/database';

const ROOT = path.resolve(import.meta.dirname, '..');
const KILLS = Number(process.env.CHAOS_KILLS ?? 20);
const DATABASE_SERVER = process.env.CHAOS_DATABASE_URL;
let seed = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);
const random = () => {
  // Park–Miller: a run can be repeated with its CHAOS_SEED.
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fresh database on the server, migrated by its owner, and a login role for the running
 * product that may not disable the audit trail's triggers (DATABASE_APP_URL, docs/audit.md):
 * the chaos run then exercises the product as production should run it.
 */
async function freshDatabase(serverUrl: string): Promise<{ ownerUrl: string; appUrl: string }> {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const name = `chaos_${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const ownerUrl = new URL(serverUrl);
  ownerUrl.pathname = `/${name}`;
  // Migrating creates the product's roles (cluster-wide) the login role joins.
  await (await openDatabase({ kind: 'postgres', url: ownerUrl.toString() })).close();
  const role = `chaos_runtime_${suffix}`;
  const password = randomUUID();
  await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB PASSWORD '${password}' IN ROLE ${APP_ROLE}, ${SYSTEM_ROLE}`);
  await admin.end();
  const appUrl = new URL(ownerUrl);
  appUrl.username = role;
  appUrl.password = password;
  return { ownerUrl: ownerUrl.toString(), appUrl: appUrl.toString() };
}

interface Server {
  process: ChildProcess;
  exited: Promise<void>;
}

class Harness {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-chaos-'));
  private server: Server | null = null;

  constructor() {
    // A failed run must not leave a server behind.
    process.on('exit', () => this.server?.process.kill('SIGKILL'));
  }
  port = 0;
  databaseUrl: string | undefined;
  databaseAppUrl: string | undefined;

  async start(): Promise<void> {
    this.port = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      WEB_DIST_DIR: path.join(this.dataDir, 'no-web'),
      LOG_LEVEL: 'error',
      SEED_DEMO: 'true',
      SEED_DEMO_HOLDINGS: 'true',
      TRUST_PROXY: 'loopback',
      ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}),
      ...(this.databaseAppUrl ? { DATABASE_APP_URL: this.databaseAppUrl } : {}),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.server = { process: child, exited };
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
      try {
        const answer = await fetch(`${this.base}/api/v1/health`);
        if (answer.status === 200) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error('the server did not become healthy within 120 s');
      await sleep(200);
    }
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    if (!this.server) return;
    this.server.process.kill(signal);
    await this.server.exited;
    this.server = null;
  }
}

interface Session {
  headers: Record<string, string>;
}

type Answer =
  { status: number; body: { success: boolean; data: unknown; message: string; error?: { code: string; reason?: string } } } | { status: 'unreachable' };

class Client {
  private session: Session | null = null;
  constructor(private readonly harness: Harness) {}

  private async signIn(): Promise<Session> {
    const login = await fetch(`${this.harness.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}` },
      body: JSON.stringify({ email: 'companyadmin@demo.test', password: 'Demo!2345' }),
    });
    const body = (await login.json()) as { data: { tokens: { accessToken: string }; tenant: { id: string } } };
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    const headers = { authorization: `Bearer ${body.data.tokens.accessToken}`, 'x-tenant-id': body.data.tenant.id };
    const csrf = (await (await fetch(`${this.harness.base}/api/v1/auth/csrf-token`, { headers })).json()) as { data: { token: string } };
    return { headers: { ...headers, 'x-csrf-token': csrf.data.token } };
  }

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    try {
      this.session ??= await this.signIn();
      let answer = await this.send(method, url, body, headers);
      if (answer.status === 401) {
        this.session = await this.signIn();
        answer = await this.send(method, url, body, headers);
      }
      return answer;
    } catch {
      return { status: 'unreachable' };
    }
  }

  private async send(method: string, url: string, body: unknown, headers: Record<string, string>) {
    const response = await fetch(`${this.harness.base}/api/v1${url}`, {
      method,
      headers: { ...this.session!.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { success: boolean; data: unknown; message: string; error?: { code: string; reason?: string } },
    };
  }

  async get<T>(url: string): Promise<T> {
    const answer = await this.call('GET', url);
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    return (answer as { body: { data: T } }).body.data;
  }
}

/** One logical request and every answer it got across retries. */
interface KeyedRequest {
  kind: 'retirement' | 'batch';
  key: string;
  url: string;
  body: unknown;
  answers: { status: number; id: string | null }[];
  final: boolean;
}

class Workload {
  readonly requests: KeyedRequest[] = [];
  private stopped = false;
  private loops: Promise<void>[] = [];
  companyId = '';
  walletId = '';
  walletAddress = '';
  tokenMint = '';

  constructor(private readonly client: Client) {}

  async discover() {
    const wallets = await this.client.get<{ id: string; address: string; type: string; companyId: string; operational: boolean }[]>('/wallets');
    const managed = wallets.find((wallet) => wallet.type === 'platform_managed' && wallet.operational);
    if (!managed) throw new Error('the demo managed wallet is missing');
    this.walletId = managed.id;
    this.walletAddress = managed.address;
    this.companyId = managed.companyId;
    const portfolio = await this.client.get<{ holdings: { mint: string; walletId: string; heldAmount: string }[] }>('/portfolio');
    const holding = portfolio.holdings.find((entry) => entry.walletId === managed.id);
    if (!holding) throw new Error('the demo holding is missing');
    this.tokenMint = holding.mint;
  }

  /** Sends (or re-sends) one keyed request; true once it has a final answer. */
  private async attempt(request: KeyedRequest): Promise<boolean> {
    const answer = await this.client.call('POST', request.url, request.body, { 'idempotency-key': request.key });
    if (answer.status === 'unreachable') return false;
    const data = answer.body.data as { retirement?: { id: string }; id?: string } | null;
    const id = data?.retirement?.id ?? data?.id ?? null;
    request.answers.push({ status: answer.status, id });
    // 409 "still processing" and 5xx are retried with the same key; anything else is final, a
    // business refusal too (a 409 with its own error.reason, e.g. a compliance limit reached by the batch mints).
    const businessRefusal = answer.status === 409 && answer.body.error?.reason !== undefined;
    request.final = businessRefusal || (answer.status !== 409 && answer.status < 500);
    return request.final;
  }

  async settle(request: KeyedRequest, until: () => boolean) {
    while (!request.final && !until()) {
      if (!(await this.attempt(request))) await sleep(250);
    }
  }

  private async retireLoop() {
    while (!this.stopped) {
      const request: KeyedRequest = {
        kind: 'retirement',
        key: randomUUID(),
        url: '/retirements',
        body: {
          companyId: this.companyId,
          walletAddress: this.walletAddress,
          tokenMint: this.tokenMint,
          amount: String(1 + Math.floor(random() * 3)),
          reason: 'voluntary_offset',
          location: { country: 'BR' },
          beneficiaryName: 'Chaos run',
        },
        answers: [],
        final: false,
      };
      this.requests.push(request);
      await this.settle(request, () => this.stopped);
      await sleep(20 + random() * 100);
    }
  }

  private async freeBlocks(count: number): Promise<string[]> {
    const projects = await this.client.get<{ items: { id: string }[] }>('/projects?pageSize=100');
    const imported: string[] = [];
    for (const project of projects.items) {
      const detail = await this.client.get<{ vcuBlocks: { serialNumber: string; status: string }[] }>(`/projects/${project.id}`);
      for (const block of detail.vcuBlocks.filter((candidate) => candidate.status === 'issued')) {
        if (imported.length === count || this.stopped) return imported;
        const answer = await this.client.call('POST', '/vcus/import', { serialNumber: block.serialNumber });
        if (answer.status === 201) imported.push((answer.body.data as { id: string }).id);
      }
    }
    return imported;
  }

  private async batchLoop() {
    while (!this.stopped) {
      let blocks: string[];
      try {
        blocks = await this.freeBlocks(3 + Math.floor(random() * 6));
      } catch {
        await sleep(250);
        continue;
      }
      if (blocks.length === 0) {
        await sleep(250);
        continue;
      }
      const request: KeyedRequest = {
        kind: 'batch',
        key: randomUUID(),
        url: '/minting/batches',
        body: { vcuBlockIds: blocks, walletId: this.walletId },
        answers: [],
        final: false,
      };
      this.requests.push(request);
      await this.settle(request, () => this.stopped);
      await sleep(50 + random() * 200);
    }
  }

  /** Requests a kill left without a final answer are retried with their keys, each in turn, as a client would. */
  private async retryUnfinished() {
    while (!this.stopped) {
      for (const request of this.requests.filter((candidate) => !candidate.final)) {
        if (this.stopped) return;
        await this.attempt(request);
      }
      await sleep(500);
    }
  }

  start() {
    this.stopped = false;
    this.loops = [this.retryUnfinished(), this.retireLoop(), this.retireLoop(), this.batchLoop()];
  }

  async stop() {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}

interface Check {
  name: string;
  failures: string[];
}

async function rows<T>(database: Database, text: string): Promise<T[]> {
  return (await database.executeSql(text)).rows as T[];
}

/** The ledger (database) against the chain, read offline once the server is stopped. */
async function verify(harness: Harness, workload: Workload): Promise<{ checks: Check[]; counts: Record<string, number | string> }> {
  const database = await openDatabase(
    harness.databaseUrl ? { kind: 'postgres', url: harness.databaseUrl } : { kind: 'pglite', dataDir: pgliteDir(harness.dataDir) },
  );
  const chain = openEmbeddedChain({ snapshotPath: path.join(harness.dataDir, 'chain.bin'), blockIntervalMs: null });
  const checks: Check[] = [];
  const check = (name: string) => {
    const entry: Check = { name, failures: [] };
    checks.push(entry);
    return entry.failures;
  };
  try {
    const mints = await rows<{ mint: string; decimals: number; tokenised: string; retired: string }>(
      database,
      `select pm.mint_address as mint, pm.decimals,
              coalesce((select sum(v.block_end - v.block_start + 1) from vcu_blocks v where v.mint_address = pm.mint_address and v.status in ('tokenised', 'retired')), 0)::text as tokenised,
              coalesce((select sum(r.amount) from retirements r where r.token_mint = pm.mint_address and r.status = 'completed'), 0)::text as retired
         from project_mints pm where pm.status = 'created'`,
    );
    const supplyFailures = check('chain supply per mint = ledger tokenised − retired');
    for (const mint of mints) {
      const scale = 10n ** BigInt(mint.decimals);
      const expected = (BigInt(mint.tokenised) - BigInt(mint.retired)) * scale;
      const onChain = (await chain.getMint(mint.mint as Address))?.supply ?? null;
      if (onChain !== expected)
        supplyFailures.push(`${mint.mint}: chain ${onChain} vs ledger ${expected} (tokenised ${mint.tokenised}, retired ${mint.retired})`);
    }

    const completed = await rows<{ id: string; signature: string | null; certificate_mint: string | null }>(
      database,
      `select id, signature, certificate_mint from retirements where status = 'completed'`,
    );
    const burnFailures = check('every completed retirement: burn and certificate on chain');
    for (const retirement of completed) {
      const burn = retirement.signature ? await chain.getTransaction(retirement.signature as Signature) : null;
      if (!burn || burn.err !== null || !burn.memos.some((memo) => memo.includes(retirement.id)))
        burnFailures.push(`${retirement.id}: burn ${retirement.signature ?? 'none'} not on chain`);
      const certificate = retirement.certificate_mint ? await chain.getMint(retirement.certificate_mint as Address) : null;
      if (certificate?.supply !== 1n)
        burnFailures.push(`${retirement.id}: certificate ${retirement.certificate_mint ?? 'none'} has supply ${certificate?.supply ?? 'none'}`);
    }

    const overlaps = await rows<{ a: string; b: string }>(
      database,
      `select a.serial_number as a, b.serial_number as b from vcu_blocks a join vcu_blocks b
         on a.id < b.id and a.registry = b.registry and a.project_id = b.project_id
        and a.status in ('tokenised', 'retired') and b.status in ('tokenised', 'retired')
        and a.block_start <= b.block_end and b.block_start <= a.block_end`,
    );
    check('no serial range tokenised twice').push(...overlaps.map((pair) => `${pair.a} overlaps ${pair.b}`));

    const unfinishedJobs = await rows<{ id: string; status: string }>(database, `select id, status from minting_jobs where status <> 'completed'`);
    check('every batch job completed').push(...unfinishedJobs.map((job) => `${job.id}: ${job.status}`));
    const inFlight = await rows<{ id: string; status: string }>(database, `select id, status from retirements where status in ('pending', 'processing')`);
    check('no retirement left pending or processing').push(...inFlight.map((retirement) => `${retirement.id}: ${retirement.status}`));

    const keyFailures = check('each Idempotency-Key: one operation, the same answer every time');
    for (const request of workload.requests) {
      const created = request.answers.filter((answer) => answer.status === 201 || answer.status === 202);
      const ids = new Set(created.map((answer) => answer.id));
      if (!request.final) keyFailures.push(`${request.kind} ${request.key}: no final answer (${request.answers.map((answer) => answer.status).join(', ')})`);
      else if (ids.size > 1) keyFailures.push(`${request.kind} ${request.key}: answered ${[...ids].join(' and ')}`);
    }
    const chaosRetirements = await rows<{ n: string }>(database, `select count(*)::text as n from retirements where beneficiary_name = 'Chaos run'`);
    const answeredRetirements = new Set(
      workload.requests.filter((request) => request.kind === 'retirement').flatMap((request) => request.answers.map((answer) => answer.id).filter(Boolean)),
    );
    if (Number(chaosRetirements[0]!.n) !== answeredRetirements.size) {
      keyFailures.push(`${chaosRetirements[0]!.n} retirements recorded for ${answeredRetirements.size} answered requests`);
    }

    const totals = await rows<{ tokenised: string; retired: string; retirements: string; jobs: string }>(
      database,
      `select (select coalesce(sum(block_end - block_start + 1), 0) from vcu_blocks where status in ('tokenised', 'retired'))::text as tokenised,
              (select coalesce(sum(amount), 0) from retirements where status = 'completed')::text as retired,
              (select count(*) from retirements where status = 'completed')::text as retirements,
              (select count(*) from minting_jobs)::text as jobs`,
    );
    return {
      checks,
      counts: {
        mints: mints.length,
        'tokenised tCO2e': totals[0]!.tokenised,
        'retired tCO2e': totals[0]!.retired,
        'completed retirements': totals[0]!.retirements,
        'batch jobs': totals[0]!.jobs,
        'keyed requests': workload.requests.length,
        'requests answered after a retry': workload.requests.filter((request) => request.answers.length > 1).length,
      },
    };
  } finally {
    await database.close();
  }
}

async function waitUntilQuiet(client: Client) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const jobs = await client.get<{ status: string }[] | { items: { status: string }[] }>('/minting/batches?limit=100').catch(() => null);
    const retirements = await client.get<{ items: { status: string }[] }>('/retirements?pageSize=100').catch(() => null);
    const jobList = jobs ? (Array.isArray(jobs) ? jobs : jobs.items) : null;
    const busy =
      !jobList ||
      !retirements ||
      jobList.some((job) => job.status !== 'completed' && job.status !== 'failed') ||
      retirements.items.some((retirement) => retirement.status === 'processing' || retirement.status === 'pending');
    if (!busy) return;
    await sleep(500);
  }
  log('  (still busy after 180 s; checking anyway)');
}

async function main() {
  const harness = new Harness();
  if (DATABASE_SERVER) ({ ownerUrl: harness.databaseUrl, appUrl: harness.databaseAppUrl } = await freshDatabase(DATABASE_SERVER));
  log(
    `chaos: ${KILLS} kills, seed ${seed}, ${harness.databaseUrl ? 'PostgreSQL (running as a runtime role, DATABASE_APP_URL)' : 'PGlite'}, DATA_DIR ${harness.dataDir}`,
  );
  const client = new Client(harness);
  const workload = new Workload(client);
  const started = performance.now();
  await harness.start();
  await workload.discover();
  for (let kill = 1; kill <= KILLS; kill++) {
    workload.start();
    await sleep(400 + random() * 2_600);
    await harness.kill('SIGKILL');
    await workload.stop();
    log(`  kill ${kill}/${KILLS}: ${workload.requests.filter((request) => !request.final).length} request(s) waiting for a retry`);
    await harness.start();
  }
  // Generous: after a crash an operation is resumed by a sweep (every minute) once its runner's lease ran out.
  const settleDeadline = Date.now() + 10 * 60_000;
  for (const request of workload.requests) await workload.settle(request, () => Date.now() > settleDeadline);
  await waitUntilQuiet(client);
  await harness.kill('SIGTERM');
  const { checks, counts } = await verify(harness, workload);
  log(`chaos finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const [name, value] of Object.entries(counts)) log(`  ${name}: ${value}`);
  let failed = 0;
  for (const entry of checks) {
    log(`  ${entry.failures.length === 0 ? 'ok  ' : 'FAIL'} ${entry.name}${entry.failures.length ? ` (${entry.failures.length})` : ''}`);
    for (const failure of entry.failures.slice(0, 10)) log(`         ${failure}`);
    failed += entry.failures.length > 0 ? 1 : 0;
  }
  log(`${checks.length - failed} passed, ${failed} failed`);
  if (failed === 0) fs.rmSync(harness.dataDir, { recursive: true, force: true });
  else log(`  DATA_DIR kept for inspection: ${harness.dataDir}`);
  process.exit(failed === 0 ? 0 : 1);
}

await main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(2);
});
