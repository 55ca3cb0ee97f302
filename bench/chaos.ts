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
 * - every Idempotency-Key resolved to exactly one retirement, answered the same each time;
 * - every single mint above the approval limit that the platform administrator approved
 *   (kills landing between the approval and the mint it runs) ran exactly once to an end;
 * - every credit purchase whose invoice was paid (kills landing between the payment, the
 *   paid handler and the delivery mint) was billed once, paid once and delivered once, its
 *   mint on chain; no invoice holds more payments than its total.
 *
 * Options (environment): CHAOS_KILLS (default 20), CHAOS_DATABASE_URL (a PostgreSQL server
 * where the URL's user may create databases and roles: a fresh database is created for the
 * run, and the product runs on it as a runtime role; default embedded PGlite), CHAOS_SEED.
 * Exit code 1 when an invariant fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openEmbeddedChain } from '@carbonledger/chain';
import type { Address, Signature } from '@solana/kit';
import { openDatabase, pgliteDir, type Database } from '../apps/api/src/db/database';
import { freePort, freshDatabase, sleep } from './processes';

const ROOT = path.resolve(import.meta.dirname, '..');
const KILLS = Number(process.env.CHAOS_KILLS ?? 20);
const DATABASE_SERVER = process.env.CHAOS_DATABASE_URL;
let seed = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);
const random = () => {
  // Park–Miller: a run can be repeated with its CHAOS_SEED.
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
};
const log = (line: string) => process.stdout.write(`${line}\n`);

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
  constructor(
    private readonly harness: Harness,
    private readonly email = 'companyadmin@demo.test',
  ) {}

  private async signIn(): Promise<Session> {
    const login = await fetch(`${this.harness.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}` },
      body: JSON.stringify({ email: this.email, password: 'Demo!2345' }),
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
  kind: 'retirement' | 'batch' | 'approved mint' | 'approval' | 'purchase order' | 'purchase payment';
  key: string;
  url: string;
  body: unknown;
  answers: { status: number; id: string | null; approvalId?: string }[];
  final: boolean;
  /** Who sends it: the company administrator unless said otherwise. */
  client?: Client;
}

/** Single mints of this many tCO2e, above the approval limit the run sets, wait for the platform administrator. */
const APPROVAL_LIMIT = '2';
const APPROVED_MINT_QUANTITY = '3';
/** The sandbox registry's wind project (registry.testing), whose free units are bought; purchases stay under the approval limit. */
const PURCHASE_PROJECT = '3107';

class Workload {
  readonly requests: KeyedRequest[] = [];
  private stopped = false;
  private loops: Promise<void>[] = [];
  companyId = '';
  walletId = '';
  walletAddress = '';
  tokenMint = '';
  /** Mint operations whose approval was answered 200: each must reach an end. */
  readonly approvedOperations: string[] = [];
  /** Purchase orders whose payment was answered 201: each must be delivered. */
  readonly paidOrders: string[] = [];
  private purchaseVintage = 0;

  constructor(
    private readonly client: Client,
    private readonly approver: Client,
  ) {}

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
    const availability = await this.client.get<{ vintages: { vintage: number; available: string }[] }>(`/purchases/availability?projectId=${PURCHASE_PROJECT}`);
    const roomiest = availability.vintages.sort((a, b) => Number(BigInt(b.available) - BigInt(a.available)))[0];
    if (!roomiest || BigInt(roomiest.available) === 0n) throw new Error('the sandbox registry has no free units to buy');
    this.purchaseVintage = roomiest.vintage;
    const limit = await this.approver.call('PUT', '/minting/settings', { approvalLimit: APPROVAL_LIMIT });
    if (limit.status !== 200) throw new Error(`setting the approval limit answered ${limit.status}`);
  }

  /** Sends (or re-sends) one keyed request; true once it has a final answer. */
  private async attempt(request: KeyedRequest): Promise<boolean> {
    const answer = await (request.client ?? this.client).call('POST', request.url, request.body, { 'idempotency-key': request.key });
    if (answer.status === 'unreachable') return false;
    const data = answer.body.data as {
      retirement?: { id: string };
      operation?: { id: string };
      approval?: { id: string; requestId?: string } | null;
      payment?: { id: string };
      id?: string;
    } | null;
    const id = data?.retirement?.id ?? data?.operation?.id ?? data?.payment?.id ?? data?.id ?? null;
    request.answers.push({ status: answer.status, id, approvalId: data?.approval?.id });
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

  /**
   * A single mint above the approval limit, previewed and executed by the company
   * administrator (202: waiting), then approved by the platform administrator: the approval
   * runs the mint, and a kill may land anywhere in between.
   */
  private async approvedMintLoop() {
    const projects = await this.client.get<{ items: { id: string }[] }>('/projects?pageSize=100').catch(() => ({ items: [] }));
    let index = 0;
    while (!this.stopped && projects.items.length > 0) {
      const project = projects.items[index++ % projects.items.length]!;
      const preview = await this.client.call('POST', '/minting/preview', {
        projectId: project.id,
        quantity: APPROVED_MINT_QUANTITY,
        tokenName: 'Chaos approved mint',
        symbol: 'CHAOS',
        walletId: this.walletId,
      });
      const previewed = preview.status === 200 ? (preview.body.data as { previewId: string; valid: boolean; requiresApproval: boolean }) : null;
      if (!previewed?.valid || !previewed.requiresApproval) {
        await sleep(250);
        continue;
      }
      const execute: KeyedRequest = {
        kind: 'approved mint',
        key: randomUUID(),
        url: '/minting/execute',
        body: { previewId: previewed.previewId },
        answers: [],
        final: false,
      };
      this.requests.push(execute);
      await this.settle(execute, () => this.stopped);
      const approvalId = execute.answers.find((answer) => answer.approvalId)?.approvalId;
      if (approvalId) {
        const approval: KeyedRequest = {
          kind: 'approval',
          key: randomUUID(),
          url: `/approvals/${approvalId}/approve`,
          body: {},
          answers: [],
          final: false,
          client: this.approver,
        };
        this.requests.push(approval);
        await this.settle(approval, () => this.stopped);
        const operationId = execute.answers.find((answer) => answer.id)?.id;
        if (approval.answers.some((answer) => answer.status === 200) && operationId) this.approvedOperations.push(operationId);
      }
      await sleep(100 + random() * 300);
    }
  }

  /**
   * A credit purchase: the company administrator quotes and confirms (units reserved, invoice
   * issued), the platform administrator records the payment, and the paid order is delivered
   * by a mint; a kill may land in any of those steps.
   */
  private async purchaseLoop() {
    while (!this.stopped) {
      const quantity = String(1 + Math.floor(random() * 2));
      const quote = await this.client.call('POST', '/purchases/quotes', { projectId: PURCHASE_PROJECT, vintage: this.purchaseVintage, quantity });
      if (quote.status !== 201) {
        await sleep(250);
        continue;
      }
      const orderId = (quote.body.data as { id: string }).id;
      const confirm: KeyedRequest = {
        kind: 'purchase order',
        key: randomUUID(),
        url: `/purchases/orders/${orderId}/confirm`,
        body: { walletAddress: this.walletAddress },
        answers: [],
        final: false,
      };
      this.requests.push(confirm);
      await this.settle(confirm, () => this.stopped);
      const order = await this.client.get<{ status: string; invoiceId: string | null }>(`/purchases/orders/${orderId}`).catch(() => null);
      if (order?.status === 'invoiced' && order.invoiceId) {
        const payment: KeyedRequest = {
          kind: 'purchase payment',
          key: randomUUID(),
          url: `/invoices/${order.invoiceId}/payments`,
          body: { method: 'bank_transfer', reference: `CHAOS-${orderId.slice(0, 8)}` },
          answers: [],
          final: false,
          client: this.approver,
        };
        this.requests.push(payment);
        await this.settle(payment, () => this.stopped);
        if (payment.answers.some((answer) => answer.status === 201)) this.paidOrders.push(orderId);
      }
      await sleep(100 + random() * 300);
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
    this.loops = [this.retryUnfinished(), this.retireLoop(), this.retireLoop(), this.batchLoop(), this.approvedMintLoop(), this.purchaseLoop()];
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

    const approvedMints = await rows<{ id: string; status: string; signature: string | null }>(
      database,
      `select ar.id, mo.status, mo.signature from approval_requests ar join mint_operations mo on mo.id = ar.operation_id where ar.status = 'approved'`,
    );
    const approvalFailures = check('every approved mint ran exactly once to an end');
    for (const mint of approvedMints.filter((candidate) => candidate.status !== 'completed' && candidate.status !== 'failed'))
      approvalFailures.push(`${mint.id}: its mint is ${mint.status}`);
    for (const mint of approvedMints.filter((candidate) => candidate.status === 'completed')) {
      const landed = mint.signature ? await chain.getTransaction(mint.signature as Signature) : null;
      if (!landed || landed.err !== null) approvalFailures.push(`${mint.id}: mint ${mint.signature ?? 'none'} not on chain`);
    }
    const approvedAnswers = workload.requests.filter((request) => request.kind === 'approval' && request.answers.some((answer) => answer.status === 200));
    const approvedIds = new Set(approvedMints.map((mint) => mint.id));
    for (const request of approvedAnswers) {
      const approvalId = request.url.split('/')[2]!;
      if (!approvedIds.has(approvalId)) approvalFailures.push(`${approvalId}: the approval was answered 200 but the workflow is not approved`);
    }

    const purchases = await rows<{
      id: string;
      status: string;
      quantity: string;
      signature: string | null;
      invoice_status: string | null;
      invoices: string;
      payments: string;
      operation_status: string | null;
      operation_quantity: string | null;
    }>(
      database,
      `select o.id, o.status, o.quantity::text, o.signature, i.status as invoice_status,
              (select count(*) from invoices x where x.source = 'purchase' and x.source_reference = o.id::text)::text as invoices,
              (select count(*) from invoice_payments p where p.invoice_id = o.invoice_id)::text as payments,
              mo.status as operation_status, mo.quantity::text as operation_quantity
         from purchase_orders o left join invoices i on i.id = o.invoice_id left join mint_operations mo on mo.id = o.id
        where o.status not in ('quoted', 'expired', 'cancelled') or i.status = 'paid'`,
    );
    const purchaseFailures = check('every paid purchase: billed once, paid once, delivered once on chain');
    for (const order of purchases) {
      if (Number(order.invoices) !== 1) purchaseFailures.push(`${order.id}: ${order.invoices} invoices`);
      if (order.invoice_status !== 'paid') continue;
      if (Number(order.payments) !== 1) purchaseFailures.push(`${order.id}: ${order.payments} payments`);
      if (order.status !== 'delivered') purchaseFailures.push(`${order.id}: paid but ${order.status}`);
      if (order.operation_status !== 'completed' || order.operation_quantity !== order.quantity)
        purchaseFailures.push(`${order.id}: delivery mint ${order.operation_status ?? 'none'} of ${order.operation_quantity ?? 0} for ${order.quantity}`);
      const landed = order.signature ? await chain.getTransaction(order.signature as Signature) : null;
      if (!landed || landed.err !== null) purchaseFailures.push(`${order.id}: delivery ${order.signature ?? 'none'} not on chain`);
    }
    const paidIds = new Set(purchases.filter((order) => order.invoice_status === 'paid').map((order) => order.id));
    for (const id of workload.paidOrders.filter((candidate) => !paidIds.has(candidate))) purchaseFailures.push(`${id}: payment answered 201, invoice not paid`);
    const overpaid = await rows<{ number: string }>(
      database,
      `select i.number from invoices i where i.paid_amount <> coalesce((select sum(p.amount) from invoice_payments p where p.invoice_id = i.id), 0)`,
    );
    purchaseFailures.push(...overpaid.map((invoice) => `${invoice.number}: payments do not add up to its paid amount`));

    const keyFailures = check('each Idempotency-Key: one operation, the same answer every time');
    for (const request of workload.requests) {
      const created = request.answers.filter((answer) => answer.status >= 200 && answer.status <= 202);
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
        'approved single mints': approvedMints.length,
        'delivered purchases': purchases.filter((order) => order.status === 'delivered').length,
        'keyed requests': workload.requests.length,
        'requests answered after a retry': workload.requests.filter((request) => request.answers.length > 1).length,
      },
    };
  } finally {
    await database.close();
  }
}

async function waitUntilQuiet(client: Client, workload: Workload) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const jobs = await client.get<{ status: string }[] | { items: { status: string }[] }>('/minting/batches?limit=100').catch(() => null);
    const retirements = await client.get<{ items: { status: string }[] }>('/retirements?pageSize=100').catch(() => null);
    const jobList = jobs ? (Array.isArray(jobs) ? jobs : jobs.items) : null;
    const operations = await Promise.all(
      workload.approvedOperations.map((id) => client.get<{ status: string }>(`/minting/operations/${id}`).catch(() => ({ status: 'unknown' }))),
    );
    const orders = await Promise.all(
      workload.paidOrders.map((id) => client.get<{ status: string }>(`/purchases/orders/${id}`).catch(() => ({ status: 'unknown' }))),
    );
    const busy =
      !jobList ||
      !retirements ||
      jobList.some((job) => job.status !== 'completed' && job.status !== 'failed') ||
      retirements.items.some((retirement) => retirement.status === 'processing' || retirement.status === 'pending') ||
      operations.some((operation) => operation.status !== 'completed' && operation.status !== 'failed') ||
      orders.some((order) => order.status !== 'delivered');
    if (!busy) return;
    await sleep(500);
  }
  log('  (still busy after 180 s; checking anyway)');
}

async function main() {
  const harness = new Harness();
  if (DATABASE_SERVER) ({ ownerUrl: harness.databaseUrl, appUrl: harness.databaseAppUrl } = await freshDatabase(DATABASE_SERVER, 'chaos'));
  log(
    `chaos: ${KILLS} kills, seed ${seed}, ${harness.databaseUrl ? 'PostgreSQL (running as a runtime role, DATABASE_APP_URL)' : 'PGlite'}, DATA_DIR ${harness.dataDir}`,
  );
  const client = new Client(harness);
  const workload = new Workload(client, new Client(harness, 'admin@demo.test'));
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
  // Approvals whose answer a kill swallowed are settled above too (their keys retried); their mints may still be resuming.
  await waitUntilQuiet(client, workload);
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
