import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import type { AuthResult } from '@carbonledger/contracts';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { canonicalJson } from '../apps/api/src/lib/canonical-json';
import { verifyAuditChain } from '../apps/api/src/modules/audit/audit.service';
import { BENCH_PASSWORD, percentile } from './harness';
import { dropFreshDatabase, freshDatabase } from './processes';

/** Rows of each kind the table grows through (LIST_GROWTH_SIZES=10000,100000 to stop earlier). */
const SIZES = (process.env.LIST_GROWTH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const BUDGET_MS = 50;
const PAGE_SIZE = 20;
/** Requests per cell after one warm-up: at most MAX_SAMPLES, for at most SAMPLE_TIME_MS, at least MIN_SAMPLES (a warm-up slower than SAMPLE_TIME_MS is the only one). */
const MAX_SAMPLES = 100;
const MIN_SAMPLES = 3;
const SAMPLE_TIME_MS = 10_000;
const VIEWER = 'companyadmin@demo.test';
/** Audit rows hashed and inserted per statement. */
const AUDIT_BATCH = 20_000;
const GENESIS_HASH = '0'.repeat(64);
/** An endpoint whose first page took longer than this (p50) is not requested again at the next, larger size. */
const GIVE_UP_MS = 30_000;
/** An authenticated list of a few rows, timed beside the others at each size: what any request costs on the machine at that moment. */
const FLOOR_URL = '/api/v1/notifications?limit=20';

interface Endpoint {
  name: string;
  path: string;
  /** The deepest page the endpoint's query schema accepts. */
  maxPage?: number;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'transactions', path: '/api/v1/transactions' },
  { name: 'retirements', path: '/api/v1/retirements' },
  { name: 'certificates', path: '/api/v1/certificates', maxPage: 10_000 },
  { name: 'audit trail', path: '/api/v1/audit/trail' },
];

interface Cell {
  /** Not measured at this size: why. */
  skipped?: string;
  p50: number;
  p99: number;
  samples: number;
  page: number;
}

interface Seeding {
  tenantId: string;
  companyId: string;
  actorIds: string[];
  templates: { retirementId: string; certificateId: string; mintOperationId: string };
}

function configFor(dataDir: string, role: 'all' | 'api') {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SEED_DEMO_HOLDINGS: 'true',
    DEMO_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ROLE: role,
    // One sign-in serves the whole run (a 1M-row seed and the slow cells outlast the default 15 minutes).
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  });
}

async function signIn(app: App): Promise<AuthResult> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: VIEWER, password: BENCH_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`${VIEWER} could not sign in: ${response.body}`);
  return response.json<{ data: AuthResult }>().data;
}

/** An id of the demo company's one row of each kind (the demo holdings): the seed copies them. */
async function templatesOf(client: pg.Client, companyId: string): Promise<Seeding['templates']> {
  const one = async (text: string) => {
    const { rows } = await client.query<{ id: string }>(text, [companyId]);
    if (!rows[0]) throw new Error(`list-growth: the demo holdings are missing (${text})`);
    return rows[0].id;
  };
  return {
    retirementId: await one(`select id from retirements where company_id = $1 and status = 'completed' limit 1`),
    certificateId: await one(`select id from certificates where company_id = $1 limit 1`),
    mintOperationId: await one(`select id from mint_operations where company_id = $1 and status = 'completed' limit 1`),
  };
}

/** A base58-alphabet string standing for a transaction signature (no chain holds it: fee look-ups find nothing). */
const fakeSignature = (prefix: string) => `translate(substr(md5('${prefix}' || g) || md5('${prefix}2' || g) || md5('${prefix}3' || g), 1, 88), '0', 'z')`;

/**
 * Rows `from`+1 … `to` of each kind, for the demo company, copied from its demo rows: completed
 * mints (the transactions list's own records), completed retirements (burns, also listed as
 * transactions) each with its certificate, in one statement per kind, spread over the past.
 */
async function seedLedgerRows(client: pg.Client, seeding: Seeding, from: number, to: number) {
  const { templates } = seeding;
  await client.query(
    `INSERT INTO mint_operations (tenant_id, company_id, user_id, registry, project_id, project_name, vintage, quantity, token_name, symbol,
       description, logo_url, decimals, wallet_id, wallet_address, status, mint_address, signature, serial_numbers, created_at, updated_at, completed_at)
     SELECT t.tenant_id, t.company_id, t.user_id, t.registry, t.project_id, t.project_name, t.vintage, 1 + g % 500, t.token_name, t.symbol,
       t.description, t.logo_url, t.decimals, t.wallet_id, t.wallet_address, 'completed', t.mint_address, ${fakeSignature('mint')}, '[]'::jsonb,
       now() - g * interval '31 seconds', now() - g * interval '31 seconds', now() - g * interval '31 seconds' + interval '4 seconds'
     FROM generate_series($2::int, $3::int) g CROSS JOIN (SELECT * FROM mint_operations WHERE id = $1) t`,
    [templates.mintOperationId, from + 1, to],
  );
  await client.query(
    `WITH template AS (SELECT * FROM retirements WHERE id = $1),
     seeded AS (
       INSERT INTO retirements (tenant_id, company_id, user_id, wallet_id, wallet_address, wallet_type, token_mint, token_symbol, project_id,
         project_name, registry, vintage, amount, decimals, reason, country, subdivision, memo, beneficiary_name, beneficiary_hash, status,
         certificate_number, certificate_mint, signature, registry_reference, serial_numbers, created_at, updated_at, completed_at)
       SELECT t.tenant_id, t.company_id, t.user_id, t.wallet_id, t.wallet_address, t.wallet_type, t.token_mint, t.token_symbol, t.project_id,
         t.project_name, t.registry, t.vintage, t.amount + g % 1000, t.decimals, t.reason, t.country, t.subdivision, t.memo,
         'Beneficiary ' || g, encode(sha256(('beneficiary ' || g)::bytea), 'hex'), 'completed',
         'BENCH-' || lpad(g::text, 8, '0'), ${fakeSignature('cert')}, ${fakeSignature('burn')}, t.registry_reference, '[]'::jsonb,
         now() - g * interval '29 seconds', now() - g * interval '29 seconds', now() - g * interval '29 seconds' + interval '6 seconds'
       FROM generate_series($3::int, $4::int) g CROSS JOIN template t
       RETURNING *)
     INSERT INTO certificates (tenant_id, company_id, retirement_id, number, mint_address, holder_address, amount, decimals, token_mint,
       token_symbol, project_id, project_name, developer, project_location, methodology, standard, vintage, registry, registry_reference,
       serial_numbers, beneficiary_name, beneficiary_hash, reason, country, subdivision, burn_signature, certificate_signature, metadata_hash,
       issued_at)
     SELECT r.tenant_id, r.company_id, r.id, r.certificate_number, r.certificate_mint, c.holder_address, r.amount, r.decimals, r.token_mint,
       r.token_symbol, r.project_id, r.project_name, c.developer, c.project_location, c.methodology, c.standard, r.vintage, r.registry,
       r.registry_reference, r.serial_numbers, r.beneficiary_name, r.beneficiary_hash, r.reason, r.country, r.subdivision, r.signature,
       r.signature, encode(sha256(r.certificate_number::bytea), 'hex'), r.completed_at
     FROM seeded r CROSS JOIN (SELECT * FROM certificates WHERE id = $2) c`,
    [templates.retirementId, templates.certificateId, from + 1, to],
  );
}

const AUDIT_ACTIONS = [
  ['retirement.completed', 'retirement'],
  ['mint.completed', 'mint_operation'],
  ['wallet.approved', 'wallet'],
  ['user.profile_updated', 'user'],
  ['auth.logout', 'session'],
] as const;

/** The hash of an entry as the audit service chains it (audit.service.ts entryHash). */
function entryHash(prevHash: string, entry: Record<string, unknown>): string {
  return createHash('sha256').update(prevHash).update(canonicalJson(entry)).digest('hex');
}

/**
 * Audit entries `from`+1 … `to` by the demo company's people, hash-chained onto the tenant's
 * last entry as recordAudit chains them (there are no database triggers computing the chain:
 * the service does): each batch takes the tenant's chain lock, reads the head, and inserts
 * its entries in id order, so the seeded trail still verifies.
 */
async function seedAuditRows(client: pg.Client, seeding: Seeding, from: number, to: number) {
  const base = Date.now() - (to - from) * 1000;
  for (let start = from + 1; start <= to; start += AUDIT_BATCH) {
    const end = Math.min(to, start + AUDIT_BATCH - 1);
    await client.query('BEGIN');
    try {
      await client.query(`select pg_advisory_xact_lock(hashtext($1))`, [`audit:${seeding.tenantId}`]);
      const head = await client.query<{ hash: string }>(`select hash from audit_log where tenant_id = $1 order by id desc limit 1`, [seeding.tenantId]);
      let prevHash = head.rows[0]?.hash ?? GENESIS_HASH;
      const columns = { actor: [] as string[], action: [] as string[], type: [] as string[], resource: [] as string[], details: [] as string[] };
      const more = { ip: [] as string[], request: [] as string[], at: [] as string[], prev: [] as string[], hash: [] as string[] };
      for (let g = start; g <= end; g++) {
        const [action, resourceType] = AUDIT_ACTIONS[g % AUDIT_ACTIONS.length]!;
        const entry = {
          tenantId: seeding.tenantId,
          actorUserId: seeding.actorIds[g % seeding.actorIds.length]!,
          action,
          resourceType,
          resourceId: `bench-${g}`,
          details: { seq: g, amount: String(g % 1000), note: 'list-growth seed' },
          ip: `203.0.113.${g % 250}`,
          requestId: `bench-request-${g}`,
          createdAt: new Date(base + (g - from) * 1000).toISOString(),
        };
        const hash = entryHash(prevHash, entry);
        columns.actor.push(entry.actorUserId);
        columns.action.push(action);
        columns.type.push(resourceType);
        columns.resource.push(entry.resourceId);
        columns.details.push(JSON.stringify(entry.details));
        more.ip.push(entry.ip);
        more.request.push(entry.requestId);
        more.at.push(entry.createdAt);
        more.prev.push(prevHash);
        more.hash.push(hash);
        prevHash = hash;
      }
      await client.query(
        `INSERT INTO audit_log (tenant_id, actor_user_id, action, resource_type, resource_id, details, ip, request_id, created_at, prev_hash, hash)
         SELECT $1, actor, action, type, resource, details, ip, request, at, prev, hash
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[], $8::text[], $9::timestamptz[], $10::text[], $11::text[])
           WITH ORDINALITY AS u(actor, action, type, resource, details, ip, request, at, prev, hash, n)
         ORDER BY n`,
        [
          seeding.tenantId,
          columns.actor,
          columns.action,
          columns.type,
          columns.resource,
          columns.details,
          more.ip,
          more.request,
          more.at,
          more.prev,
          more.hash,
        ],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }
}

/** GET `url` as the viewer through the whole app (inject: auth, session check, RLS transaction, serialisation), timed. */
async function timeGet(app: App, token: string, url: string): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return { ms, total: response.json<{ data: { total?: number } }>().data.total ?? 0 };
}

const pageUrl = (path: string, page: number) => `${path}?page=${page}&pageSize=${PAGE_SIZE}`;

async function measureCell(app: App, token: string, url: string, page: number): Promise<Cell> {
  const warmUp = (await timeGet(app, token, url)).ms;
  // A request slower than the whole sampling time is its own (only) sample.
  if (warmUp > SAMPLE_TIME_MS) return { p50: warmUp, p99: warmUp, samples: 1, page };
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < MAX_SAMPLES && (samples.length < MIN_SAMPLES || performance.now() - started < SAMPLE_TIME_MS))
    samples.push((await timeGet(app, token, url)).ms);
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), samples: samples.length, page };
}

function printTable(results: Map<number, Map<string, { first: Cell; deep: Cell }>>, floors: Map<number, Cell>) {
  const width = 24;
  const grid = (statistic: 'p99' | 'p50') => {
    const mark = (cell: Cell) => (cell.skipped ? 'n/m ' : `${cell[statistic].toFixed(1)}${cell[statistic] > BUDGET_MS ? '*' : ' '}`);
    console.log(`  ${statistic.padEnd(11)}${ENDPOINTS.map((endpoint) => endpoint.name.padStart(width)).join('')}${'floor'.padStart(10)}`);
    for (const [rows, cells] of results) {
      const line = ENDPOINTS.map((endpoint) => {
        const cell = cells.get(endpoint.name)!;
        return `${mark(cell.first)} / ${mark(cell.deep)}`.padStart(width);
      });
      console.log(`  ${rows.toLocaleString('en-US').padEnd(11)}${line.join('')}${floors.get(rows)![statistic].toFixed(1).padStart(10)}`);
    }
  };
  console.log(
    `\nList endpoints vs rows per kind (PostgreSQL, ${VIEWER}, pageSize ${PAGE_SIZE}): ms, first page / deepest page; * over the ${BUDGET_MS} ms budget`,
  );
  grid('p99');
  // The budget is the p99's; the median beside it tells growth from the moments the shared machine stalled.
  grid('p50');
  const pages = (endpoint: Endpoint) => [...results.values()].map((cells) => cells.get(endpoint.name)!.deep.page || '–').join('/');
  console.log(`  ${'deep page'.padEnd(11)}${ENDPOINTS.map((endpoint) => `p.${pages(endpoint)}`.padStart(width)).join('')}`);
  const sizes = [...results.keys()];
  if (sizes.length > 1) {
    const growth = ENDPOINTS.map((endpoint) => {
      const measured = sizes.filter((size) => !results.get(size)!.get(endpoint.name)!.first.skipped);
      const [a, b] = [results.get(sizes[0]!)!.get(endpoint.name)!, results.get(measured.at(-1)!)!.get(endpoint.name)!];
      const label = measured.length === sizes.length ? '' : ` (${(measured.at(-1)! / 1000).toFixed(0)}k)`;
      return `×${(b.first.p99 / a.first.p99).toFixed(1)} / ×${(b.deep.p99 / a.deep.p99).toFixed(1)}${label}`.padStart(width);
    });
    console.log(`  ${'growth'.padEnd(11)}${growth.join('')}   (p99 at the largest size measured / at ${sizes[0]!.toLocaleString('en-US')}, the baseline)`);
  }
  const few = [...results.values()]
    .flatMap((cells) => [...cells.values()].flatMap((cell) => [cell.first, cell.deep]))
    .filter((cell) => !cell.skipped && cell.samples < MAX_SAMPLES);
  if (few.length > 0)
    console.log(
      `  (slow cells: ${Math.min(...few.map((cell) => cell.samples))}–${Math.max(...few.map((cell) => cell.samples))} requests in ${SAMPLE_TIME_MS / 1000} s; the others ${MAX_SAMPLES})`,
    );
  const missed = [...results].flatMap(([rows, cells]) =>
    ENDPOINTS.filter((endpoint) => {
      const cell = cells.get(endpoint.name)!;
      return Boolean(cell.first.skipped) || cell.first.p99 > BUDGET_MS || cell.deep.p99 > BUDGET_MS;
    }).map((endpoint) => `${endpoint.name} at ${rows.toLocaleString('en-US')}`),
  );
  console.log(`  floor: p99 of ${FLOOR_URL} (a few rows) timed at the same moment: what any authenticated request cost on the machine then`);
  console.log(`  budget p99 ≤ ${BUDGET_MS} ms at every size: ${missed.length === 0 ? 'met' : `missed (${missed.join(', ')})`}; n/m: not measured, see above`);
}

/**
 * List endpoints at 10k, 100k and 1M rows on PostgreSQL (scale-out issue): a fresh database on
 * TEST_DATABASE_URL's server, the demo tenant with its holdings, then mints, retirements with
 * their certificates, and hash-chained audit entries of the demo customer company seeded in bulk
 * to each size in turn. At each size the first page and the deepest page the API serves of
 * GET /transactions, /retirements, /certificates and /audit/trail are timed through the app as
 * the company's administrator (a company-scoped reader). The baseline is the same endpoint at
 * the smallest size: the table's last line is each endpoint's growth.
 */
export async function run() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('  list-growth: skipped — TEST_DATABASE_URL is not set (a PostgreSQL server where the bench may create a database)');
    return;
  }
  const created = await freshDatabase(serverUrl, 'bench_lists');
  const dataDir = `/tmp/carbonledger-bench-${randomBytes(6).toString('hex')}`;
  const target = { kind: 'postgres' as const, url: created.ownerUrl, appUrl: created.appUrl };
  // The demo holdings are made by the product's own services and jobs: a process running workers seeds them, then stops.
  // Both use the embedded chain the product keeps in DATA_DIR, so the second process reads the holdings the first one made.
  const seeder = await buildApp(configFor(dataDir, 'all'), { database: await openDatabase(target), logger: false });
  await seeder.ready();
  await seeder.close();
  // Measured: an API process (ROLE=api), as a production deployment serves these lists; no job workers beside it.
  const app = await buildApp(configFor(dataDir, 'api'), { database: await openDatabase(target), logger: false });
  await app.ready();
  const viewer = await signIn(app);
  const token = viewer.tokens.accessToken;

  const client = new pg.Client({ connectionString: created.ownerUrl });
  await client.connect();
  const companyId = viewer.company.id;
  const seeding: Seeding = {
    tenantId: viewer.tenant.id,
    companyId,
    actorIds: (await client.query<{ id: string }>('select id from users where company_id = $1 order by email', [companyId])).rows.map((row) => row.id),
    templates: await templatesOf(client, companyId),
  };

  const results = new Map<number, Map<string, { first: Cell; deep: Cell }>>();
  const floors = new Map<number, Cell>();
  let seeded = 0;
  try {
    for (const size of SIZES) {
      const started = performance.now();
      await seedLedgerRows(client, seeding, seeded, size);
      await seedAuditRows(client, seeding, seeded, size);
      await client.query('VACUUM (ANALYZE) mint_operations, retirements, certificates, audit_log');
      console.log(`  seeded to ${size.toLocaleString('en-US')} rows of each kind in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      if (seeded === 0) {
        const check = await app.db.asSystem((tx) => verifyAuditChain(tx, seeding.tenantId));
        console.log(`  the seeded audit trail verifies: ${check.valid ? `yes, ${check.entries} entries` : `NO (${JSON.stringify(check)})`}`);
      }
      seeded = size;
      const cells = new Map<string, { first: Cell; deep: Cell }>();
      const floor = await measureCell(app, token, FLOOR_URL, 1);
      floors.set(size, floor);
      console.log(`    ${size.toLocaleString('en-US')} floor ${FLOOR_URL}: p50 ${floor.p50.toFixed(1)} p99 ${floor.p99.toFixed(1)} ms (${floor.samples})`);
      for (const endpoint of ENDPOINTS) {
        const before = [...results.values()].at(-1)?.get(endpoint.name);
        if (before && (before.first.skipped || before.first.p50 > GIVE_UP_MS)) {
          const skipped = before.first.skipped ?? `not measured: page 1 took ${(before.first.p50 / 1000).toFixed(1)} s (p50) at the previous size`;
          const cell = { skipped, p50: Number.NaN, p99: Number.NaN, samples: 0, page: 0 };
          cells.set(endpoint.name, { first: cell, deep: cell });
          console.log(`    ${size.toLocaleString('en-US')} ${endpoint.name}: ${skipped}`);
          continue;
        }
        const { total } = await timeGet(app, token, pageUrl(endpoint.path, 1));
        const deepest = Math.min(Math.max(1, Math.ceil(total / PAGE_SIZE)), endpoint.maxPage ?? Number.POSITIVE_INFINITY);
        const first = await measureCell(app, token, pageUrl(endpoint.path, 1), 1);
        const deep = await measureCell(app, token, pageUrl(endpoint.path, deepest), deepest);
        cells.set(endpoint.name, { first, deep });
        console.log(
          `    ${size.toLocaleString('en-US')} ${endpoint.name}: total ${total}, page 1 p50 ${first.p50.toFixed(1)} p99 ${first.p99.toFixed(1)} ms (${first.samples}), page ${deepest} p50 ${deep.p50.toFixed(1)} p99 ${deep.p99.toFixed(1)} ms (${deep.samples})`,
        );
      }
      results.set(size, cells);
    }
    printTable(results, floors);
  } finally {
    await client.end();
    await app.close();
    if (process.env.LIST_GROWTH_KEEP_DATABASE) console.log(`  database kept: ${created.ownerUrl}`);
    else await dropFreshDatabase(serverUrl, created);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
