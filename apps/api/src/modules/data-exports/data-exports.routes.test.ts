import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_EXPORT_FORMATS,
  DATA_EXPORT_TYPES,
  dataExportSchema,
  transactionListSchema,
  type DataExport,
  type DataExportFormat,
  type DataExportType,
  type TransactionView,
} from '@carbonledger/contracts';
import { auditLog, companies, dataExports, mintingJobItems, mintingJobs, mintOperations, retirements, users, vcuBlocks } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';
import { approvedWallet } from '../minting/minting.testing';
import { sweepExpiredExports } from './data-exports.service';

let harness: TestApp;
let companyAdmin: SignedIn;
let admin: SignedIn;
let other: SignedIn;
const app = () => harness.app;
/** A name a spreadsheet would run as a formula, with markup, quotes, a line break and a control character XML 1.0 cannot carry. */
const NASTY_NAME = `=HYPERLINK("x")<b>&'\u0001,\nend`;

function call(who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return app().inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
}

async function request(who: SignedIn, type: DataExportType, format: DataExportFormat, retentionDays?: number): Promise<DataExport> {
  const response = await call(who, 'POST', '/data-exports', { type, format, ...(retentionDays ? { retentionDays } : {}) });
  expect(response.statusCode, response.body).toBe(202);
  return dataExportSchema.parse(response.json().data);
}

/** Polls the export until its job finished (the worker runs on the job queue). */
async function finished(who: SignedIn, id: string, timeoutMs = 30_000): Promise<DataExport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = dataExportSchema.parse((await call(who, 'GET', `/data-exports/${id}`)).json().data);
    if (found.status === 'completed' || found.status === 'failed') return found;
    if (Date.now() > deadline) throw new Error(`export never finished: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function download(who: SignedIn, id: string) {
  const response = await call(who, 'GET', `/data-exports/${id}/download`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

type Rec = Record<string, unknown>;
const xml = new XMLParser({ ignoreAttributes: false, parseTagValue: false });

/** The records of each section, read back with the format's own parser. */
function parsed(format: DataExportFormat, type: DataExportType, body: string): Record<string, Rec[]> {
  if (format === 'json') {
    const value: unknown = JSON.parse(body);
    return type === 'all' ? (value as Record<string, Rec[]>) : { [type]: value as Rec[] };
  }
  if (format === 'csv') {
    const rows = parseCsv<Record<string, string>>(body, { columns: true, bom: true });
    if (type !== 'all') return { [type]: rows };
    const sections: Record<string, Rec[]> = {};
    for (const row of rows) (sections[row.section!] ??= []).push(row);
    return sections;
  }
  expect(XMLValidator.validate(body)).toBe(true);
  const root = (xml.parse(body) as { export: Record<string, unknown> }).export;
  expect(root['@_type']).toBe(type);
  const sections: Record<string, Rec[]> = {};
  for (const [name, value] of Object.entries(root)) {
    if (name.startsWith('@_')) continue;
    // A section with one record parses as that record, with several as an array, empty as text.
    const records = value && typeof value === 'object' ? Object.values(value as Record<string, Rec | Rec[]>)[0] : undefined;
    sections[name] = records === undefined ? [] : Array.isArray(records) ? records : [records];
  }
  return sections;
}

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(app(), 'companyadmin@demo.test');
  admin = await signInAs(app(), 'admin@demo.test');
  const tenantId = admin.result.tenant.id;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await app().db.asSystem(async (tx) => {
    const [company] = await tx.insert(companies).values({ tenantId, name: 'Exports Other Co', kycStatus: 'approved' }).returning();
    await tx.insert(users).values({
      tenantId,
      companyId: company!.id,
      email: 'otto@exports-other.test',
      passwordHash,
      role: 'COMPANY_ADMIN',
      firstName: 'Otto',
      lastName: 'Other',
    });
    await tx.insert(users).values({
      tenantId,
      companyId: companyAdmin.result.company.id,
      email: 'nasty@exports.test',
      passwordHash,
      role: 'VIEWER',
      firstName: NASTY_NAME,
      lastName: 'Nasty',
    });
  });
  other = await signInAs(app(), 'otto@exports-other.test');
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

describe('data exports', () => {
  it('writes every type in every format, and each file parses back with its format’s parser', async () => {
    const requested = [];
    for (const type of DATA_EXPORT_TYPES)
      for (const format of DATA_EXPORT_FORMATS) requested.push({ type, format, created: await request(companyAdmin, type, format) });
    for (const { type, format, created } of requested) {
      expect(created).toMatchObject({ type, format, companyId: companyAdmin.result.company.id, retentionDays: 7 });
      const done = await finished(companyAdmin, created.id);
      expect(done.status, `${type} ${format}`).toBe('completed');
      const response = await download(companyAdmin, created.id);
      expect(response.headers['content-disposition']).toContain(`.${format}"`);
      expect(Number(done.sizeBytes)).toBe(response.rawPayload.length);
      const sections = parsed(format, type, response.body);
      const expected = type === 'all' ? ['users', 'transactions', 'compliance', 'audit_logs'] : [type];
      expect(Object.keys(sections).sort(), `${type} ${format}`).toEqual(expect.arrayContaining(expected.filter((name) => name !== 'transactions')));
      const total = Object.values(sections).reduce((sum, records) => sum + records.length, 0);
      expect(done.rows, `${type} ${format}`).toBe(total);

      if (sections.users) {
        const emails = sections.users.map((user) => user.email);
        expect(emails).toContain('companyadmin@demo.test');
        // Company scope: another company's people are not in a company's export.
        expect(emails).not.toContain('otto@exports-other.test');
        expect(JSON.stringify(sections.users)).not.toMatch(/passwordHash|\$argon2|\$2[aby]\$/);
        const nasty = sections.users.find((user) => user.email === 'nasty@exports.test')!;
        if (format === 'json') expect(nasty.firstName).toBe(NASTY_NAME);
        // CSV: the formula is neutralised by a leading apostrophe; the comma and the line break survive the quoting.
        if (format === 'csv') expect(nasty.firstName).toBe(`'${NASTY_NAME}`);
        // XML: the markup comes back as text; the control character XML 1.0 cannot hold is dropped.
        if (format === 'xml') expect(nasty.firstName).toBe(NASTY_NAME.replace('\u0001', ''));
      }
      if (sections.compliance) expect(sections.compliance.map((row) => row.companyId)).toEqual([companyAdmin.result.company.id]);
      if (sections.audit_logs) {
        expect(sections.audit_logs.length).toBeGreaterThan(0);
        expect(sections.audit_logs.map((entry) => entry.action)).toContain('data_export.requested');
      }
    }
  }, 180_000);

  it('writes a large export page by page, reporting its progress live as each page lands', async () => {
    const tenantId = companyAdmin.result.tenant.id;
    const companyId = companyAdmin.result.company.id;
    const many = Array.from({ length: 1_150 }, (_, index) => ({
      tenantId,
      companyId,
      email: `bulk-${index}@exports.test`,
      passwordHash: 'not-a-password',
      role: 'VIEWER' as const,
      firstName: 'Bulk',
      lastName: String(index),
    }));
    await app().db.asSystem((tx) => tx.insert(users).values(many));
    const seen: DataExport[] = [];
    const live = app().live;
    const emitToUser = live.emitToUser.bind(live);
    live.emitToUser = (userId, event, payload) => {
      if (event === 'data_export_update' && userId === companyAdmin.result.user.id) seen.push(payload as DataExport);
      emitToUser(userId, event, payload);
    };
    try {
      const created = await request(companyAdmin, 'users', 'json');
      const done = await finished(companyAdmin, created.id);
      const emails = (JSON.parse((await download(companyAdmin, created.id)).body) as Rec[]).map((user) => user.email);
      // Keyset paging: every user once, none skipped at the page edges.
      expect(new Set(emails).size).toBe(emails.length);
      expect(emails).toEqual(expect.arrayContaining(many.map((user) => user.email)));
      expect(done.rows).toBe(emails.length);
      const counts = seen.filter((update) => update.id === created.id && update.status === 'running').map((update) => update.rows);
      // One update per page of 500 as it is written: 0 (started), 500, 1000, then the rest.
      expect(counts.slice(0, 3)).toEqual([0, 500, 1000]);
      expect(counts.at(-1)).toBe(emails.length);
    } finally {
      live.emitToUser = emitToUser;
    }
  });

  it('lets a platform administrator export the tenant', async () => {
    const created = await request(admin, 'users', 'json');
    expect(created.companyId).toBeNull();
    expect((await finished(admin, created.id)).status).toBe('completed');
    const emails = (JSON.parse((await download(admin, created.id)).body) as Rec[]).map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining(['companyadmin@demo.test', 'otto@exports-other.test', 'admin@demo.test']));
  });

  it("answers 404 for another user's export, and audits request, download and deletion", async () => {
    const created = await request(companyAdmin, 'compliance', 'csv');
    await finished(companyAdmin, created.id);
    for (const who of [other, admin]) {
      expect((await call(who, 'GET', `/data-exports/${created.id}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/data-exports/${created.id}/download`)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/data-exports/${created.id}`)).statusCode).toBe(404);
      const list = (await call(who, 'GET', '/data-exports')).json().data.items as DataExport[];
      expect(list.map((item) => item.id)).not.toContain(created.id);
    }
    await download(companyAdmin, created.id);
    const deleted = await call(companyAdmin, 'DELETE', `/data-exports/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(existsSync(path.join(harness.config.dataDir, 'exports', `${created.id}.csv`))).toBe(false);
    expect((await call(companyAdmin, 'GET', `/data-exports/${created.id}/download`)).statusCode).toBe(404);
    const audit = await app().db.asSystem((tx) => tx.select().from(auditLog).where(eq(auditLog.resourceId, created.id)).orderBy(asc(auditLog.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['data_export.requested', 'data_export.downloaded', 'data_export.deleted']);
    expect(audit.every((entry) => entry.actorUserId === companyAdmin.result.user.id)).toBe(true);
  });

  it('deletes the file once its retention days are over', async () => {
    const created = await request(companyAdmin, 'users', 'xml', 1);
    const done = await finished(companyAdmin, created.id);
    expect(new Date(done.expiresAt!).getTime() - new Date(done.completedAt!).getTime()).toBe(86_400_000);
    const file = path.join(harness.config.dataDir, 'exports', `${created.id}.xml`);
    expect(existsSync(file)).toBe(true);
    const deps = { db: app().db, directory: path.join(harness.config.dataDir, 'exports'), live: app().live };
    // Not yet expired: the sweep leaves it.
    await sweepExpiredExports(deps);
    expect(existsSync(file)).toBe(true);
    await sweepExpiredExports(deps, new Date(Date.now() + 86_400_000 + 1000));
    expect(existsSync(file)).toBe(false);
    expect((await call(companyAdmin, 'GET', `/data-exports/${created.id}/download`)).statusCode).toBe(404);
    const [row] = await app().db.asSystem((tx) => tx.select().from(dataExports).where(eq(dataExports.id, created.id)));
    expect(row?.deletedAt).not.toBeNull();
    const expired = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resourceId, created.id), eq(auditLog.action, 'data_export.expired'))),
    );
    expect(expired).toHaveLength(1);
  });

  it('lets each role export only what its screens show (docs/product.md §6)', async () => {
    const cases: [string, DataExportType, number][] = [
      ['viewer@demo.test', 'transactions', 202],
      ['viewer@demo.test', 'users', 403],
      ['viewer@demo.test', 'audit_logs', 403],
      ['cso@demo.test', 'audit_logs', 202],
      ['cso@demo.test', 'users', 403],
      ['manager@demo.test', 'users', 202],
      ['manager@demo.test', 'all', 403],
      ['finance@demo.test', 'compliance', 202],
      ['superadmin@demo.test', 'all', 202],
    ];
    for (const [email, type, status] of cases) {
      const who = await signInAs(app(), email);
      const response = await call(who, 'POST', '/data-exports', { type, format: 'csv' });
      expect(response.statusCode, `${email} ${type}: ${response.body}`).toBe(status);
      if (status === 403) expect(response.json().error.reason).toBe('DATA_EXPORT__NOT_ALLOWED');
    }
  });

  it('refuses malformed requests with 400', async () => {
    for (const body of [
      { type: 'wallets', format: 'csv' },
      { type: 'users', format: 'pdf' },
      { type: 'users', format: 'csv', retentionDays: 31 },
      { type: 'users', format: 'csv', retentionDays: 0 },
      { type: 'users\u0000', format: 'csv' },
    ]) {
      expect((await call(companyAdmin, 'POST', '/data-exports', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(companyAdmin, 'GET', '/data-exports/not-a-uuid')).statusCode).toBe(400);
  });

  it('exports a transaction history of several chunks whole: every entry of the list, each once, as the list shows it', async () => {
    const tenantId = companyAdmin.result.tenant.id;
    const companyId = companyAdmin.result.company.id;
    const userId = companyAdmin.result.user.id;
    const { wallet } = await approvedWallet(app(), companyAdmin, admin, 'Export treasury');
    const project = { registry: 'sandbox' as const, projectId: 'EXPORT-1', vintage: 2022 };
    const owner = { tenantId, companyId, userId, walletId: wallet.id, walletAddress: wallet.address };
    // More of each kind of record than one chunk (100) holds, many created in the same instant, so
    // the chunk edges fall inside runs of equal timestamps.
    const base = Date.now() - 86_400_000;
    await app().db.asSystem(async (tx) => {
      await tx.insert(mintOperations).values(
        Array.from({ length: 230 }, (_, index) => ({
          ...owner,
          ...project,
          projectName: 'Export Forest',
          quantity: BigInt(index + 1),
          tokenName: 'Export Forest 2022',
          symbol: 'EXF22',
          decimals: 0,
          status: 'failed' as const,
          error: `attempt ${index}`,
          createdAt: new Date(base + (index % 7) * 1000),
        })),
      );
      await tx.insert(retirements).values(
        Array.from({ length: 120 }, (_, index) => ({
          ...owner,
          ...project,
          walletType: 'external' as const,
          tokenMint: 'So11111111111111111111111111111111111111112',
          tokenSymbol: 'EXF22',
          projectName: 'Export Forest',
          amount: BigInt(index + 1),
          decimals: 0,
          reason: 'voluntary_offset' as const,
          country: 'BR',
          beneficiaryName: 'Export Beneficiary',
          beneficiaryHash: 'hash',
          status: 'failed' as const,
          certificateNumber: `EXPORT-${index}`,
        })),
      );
      const [block] = await tx
        .insert(vcuBlocks)
        .values({
          tenantId,
          companyId,
          importedBy: userId,
          ...project,
          serialNumber: 'EXPORT-1-1-100',
          blockStart: 1n,
          blockEnd: 100n,
          vintageStart: '2022-01-01',
          vintageEnd: '2022-12-31',
          issuanceDate: '2023-01-01',
          verifier: 'Export Verifier',
        })
        .returning();
      const jobs = await tx
        .insert(mintingJobs)
        .values(Array.from({ length: 130 }, (_, index) => ({ ...owner, vcuCount: 1, totalAmount: 1n, status: 'failed' as const, error: `job ${index}` })))
        .returning();
      await tx
        .insert(mintingJobItems)
        .values(jobs.map((job) => ({ tenantId, jobId: job.id, chunk: 0, vcuBlockId: block!.id, serialNumber: block!.serialNumber, ...project, units: 1n })));
    });

    const listed = new Map<string, TransactionView>();
    for (let page = 1; ; page += 1) {
      const response = await call(companyAdmin, 'GET', `/transactions?page=${page}&pageSize=100`);
      const list = transactionListSchema.parse(response.json().data);
      for (const item of list.items) listed.set(item.id, item);
      if (page * 100 >= list.total) break;
    }
    expect(listed.size).toBe(230 + 120 + 130);

    const created = await request(companyAdmin, 'transactions', 'json');
    const done = await finished(companyAdmin, created.id);
    expect(done.status).toBe('completed');
    const exported = JSON.parse((await download(companyAdmin, created.id)).body) as (TransactionView & { companyId: string })[];
    const ids = exported.map((record) => record.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...listed.keys()].sort());
    for (const { companyId: exportedCompany, ...record } of exported) {
      expect(exportedCompany).toBe(companyId);
      expect(record).toEqual(listed.get(record.id));
    }
    expect(done.rows).toBe(exported.length);
  });
});
