import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Portfolio, PortfolioHolding, RetirementActionResult, RetirementList } from '@carbonledger/contracts';
import { DEMO_PASSWORD } from '../auth/auth.testing';

const serverUrl = process.env.TEST_DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real server (`node --import tsx apps/api/src/server.ts`, as `npm start` runs it) is
 * SIGKILLed after its retirement burn landed and before it answered, then started again on
 * the same DATA_DIR and database. PostgreSQL only: the test stalls the answer by holding a
 * lock on the certificates table the completion writes to — a seam outside the process that
 * PGlite, inside it, does not offer (idempotency-crash.test.ts covers both databases).
 */
describe.skipIf(!serverUrl)('SIGKILL between the burn and the answer, then retries with the same Idempotency-Key', () => {
  let dataDir: string;
  const database = `cl_sigkill_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let base: string;
  let port: number;
  let server: ChildProcess | null = null;
  let sql: pg.Client;

  async function start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'true',
        SEED_DEMO_HOLDINGS: 'true',
        CHAIN_SNAPSHOT_INTERVAL_SECONDS: '1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    server = child;
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const health = await fetch(`${base}/api/v1/health`).catch(() => null);
      if (health?.ok) return;
      await sleep(300);
    }
    throw new Error('the server did not start');
  }

  function kill(signal: NodeJS.Signals): Promise<void> {
    const child = server!;
    server = null;
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    dataDir = mkdtempSync(join(tmpdir(), 'carbonledger-sigkill-'));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await start();
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
  }, 180_000);

  afterAll(async () => {
    if (server) await kill('SIGTERM');
    await sql?.end();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('burns once and answers the same retirement at 1 s, 2 min and 1 h', async () => {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
      body: JSON.stringify({ email: 'companyadmin@demo.test', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const signedIn = (await login.json()) as { data: { tokens: { accessToken: string }; company: { id: string } } };
    const headers = {
      authorization: `Bearer ${signedIn.data.tokens.accessToken}`,
      'x-csrf-token': String(login.headers.get('x-csrf-token')),
      'content-type': 'application/json',
    };
    const read = async <T>(path: string): Promise<T> => ((await (await fetch(`${base}${path}`, { headers })).json()) as { data: T }).data;
    const managedHolding = async () =>
      (await read<Portfolio>('/api/v1/portfolio')).holdings.find((holding: PortfolioHolding) => holding.walletType === 'platform_managed')!;

    const before = await managedHolding();
    const retiredBefore = (await read<RetirementList>('/api/v1/retirements')).total;
    const key = randomUUID();
    const body = JSON.stringify({
      companyId: signedIn.data.company.id,
      walletAddress: before.walletAddress,
      tokenMint: before.mint,
      amount: 2,
      reason: 'voluntary_offset',
      location: { country: 'BR' },
      beneficiaryName: 'Verde Energia S.A.',
    });
    const retire = () => fetch(`${base}/api/v1/retirements`, { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body });

    const confirmedBurns = async () =>
      Number(
        (await sql.query<{ n: string }>(`select count(*) as n from chain_submissions where kind = 'retirement.burn' and status = 'confirmed'`)).rows[0]!.n,
      );
    const burnsBefore = await confirmedBurns();

    // The completion after the burn writes the certificate: holding that table stalls the server between the burn and its answer.
    await sql.query('BEGIN');
    await sql.query('LOCK TABLE certificates IN SHARE MODE');
    const lost = retire().catch(() => null);
    for (let tries = 0; tries < 300 && (await confirmedBurns()) === burnsBefore; tries++) await sleep(100);
    expect(await confirmedBurns()).toBe(burnsBefore + 1);
    await sleep(1_500);
    await kill('SIGKILL');
    expect(await lost).toBeNull();
    await sql.query('ROLLBACK');

    await start();
    const answers = [];
    for (const interval of [null, '2 minutes', '1 hour']) {
      if (interval) await sql.query(`update idempotency_keys set created_at = created_at - $1::interval where key = $2`, [interval, key]);
      const retry = await retire();
      expect(retry.status, await retry.clone().text()).toBe(201);
      answers.push(((await retry.json()) as { data: RetirementActionResult }).data);
    }
    expect(answers[0]!.retirement).toMatchObject({ status: 'completed', amount: '2' });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(BigInt((await managedHolding()).heldAmount)).toBe(BigInt(before.heldAmount) - 2n * 10n ** BigInt(before.decimals));
    expect(await confirmedBurns()).toBe(burnsBefore + 1);
    expect((await read<RetirementList>('/api/v1/retirements')).total).toBe(retiredBefore + 1);
  }, 240_000);
});
