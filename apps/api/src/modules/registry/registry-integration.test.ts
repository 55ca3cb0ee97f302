import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REGISTRY_CSV_MAX_BYTES,
  VERRA_CSV_COLUMNS,
  registryImportSchema,
  registryLookupSchema,
  registryOverviewSchema,
  registrySyncRunSchema,
  type RegistryImport,
  type RegistrySyncRun,
} from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { onboardCompanyForTests } from '../companies/companies.testing';
import { createRegistryTenant } from './registry.testing';
import { startRegistrySync, type RegistrySyncDeps } from './registry-sync.service';

const FIXTURE = readFileSync(new URL('./fixtures/verra-export.csv', import.meta.url));
const SAO_JOAO = '9101-1000001-1001234-VCS-VCU-1-VER-BR-1-4101-01012022-31122022-0';
const RETIRED = '9103-2000001-2000500-VCS-VCU-VM0009-VER-KE-14-4103-01012020-31122020-0';

/** A multipart body as a browser's FormData sends it. */
async function multipart(bytes: Buffer, name = 'verra-export.csv', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type: 'text/csv' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function csvOf(lines: string[]): Buffer {
  return Buffer.from([VERRA_CSV_COLUMNS.join(','), ...lines].join('\r\n'), 'utf8');
}

describe('registry integration API (/registry)', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let platformAdmin: SignedIn;
  let viewer: SignedIn;
  let otherCompany: { companyId: string; companyAdmin: SignedIn };
  let otherTenant: SignedIn;
  let first: RegistryImport;

  const upload = async (who: SignedIn, bytes: Buffer, query = '', name?: string) => {
    const body = await multipart(bytes, name);
    return harness.app.inject({
      method: 'POST',
      url: `/api/v1/registry/imports${query}`,
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const get = (url: string, who: SignedIn) => harness.app.inject({ method: 'GET', url, headers: { authorization: who.headers.authorization! } });
  const vcus = async (who: SignedIn) => (await get('/api/v1/vcus?limit=2000', who)).json<{ data: { serialNumber: string; status: string }[] }>().data;

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    platformAdmin = await signInAs(harness.app, 'admin@demo.test');
    viewer = await signInAs(harness.app, 'viewer@demo.test');
    otherCompany = await onboardCompanyForTests(harness.app, platformAdmin, 'Registry Other Co');
    const beta = await createRegistryTenant(harness.app.db, 'registrybeta');
    otherTenant = await signInAs(harness.app, beta.email);
  });
  afterAll(() => harness.close());

  it('imports the Verra export: the malformed line reported by number, the retired line recorded as retired, projects created', async () => {
    const response = await upload(companyAdmin, FIXTURE);
    expect(response.statusCode, response.body).toBe(201);
    first = registryImportSchema.parse(response.json().data);
    expect(first.counts).toMatchObject({ rows: 5, imported: 3, retired: 1, unchanged: 0, invalid: 1, projectsCreated: 4, importedUnits: '13234' });
    expect(first.fileName).toBe('verra-export.csv');
    const byLine = new Map(first.rows.map((row) => [row.line, row]));
    expect(byLine.get(2)).toMatchObject({ outcome: 'imported', serialNumber: SAO_JOAO, units: '1234', projectName: 'Parque Eólico São João' });
    expect(byLine.get(3)).toMatchObject({ outcome: 'imported', projectId: '4102', projectName: '云南森林碳汇项目', units: '10000' });
    expect(byLine.get(4)).toMatchObject({ outcome: 'retired', serialNumber: RETIRED, projectName: 'Kasigau Corridor REDD, Phase II' });
    expect(byLine.get(5)).toMatchObject({ outcome: 'invalid', problem: 'invalid_serial', serialNumber: 'not-a-serial-number' });
    expect(byLine.get(6)).toMatchObject({ outcome: 'imported', projectName: 'मध्य प्रदेश पवन ऊर्जा परियोजना' });

    const held = await vcus(companyAdmin);
    expect(held.find((vcu) => vcu.serialNumber === SAO_JOAO)?.status).toBe('available');
    expect(held.find((vcu) => vcu.serialNumber === RETIRED)?.status).toBe('retired');
    // The created project is one of the registry's projects now, under its UTF-8 name.
    const project = (await get('/api/v1/projects/4102', companyAdmin)).json<{ data: { name: string; country: string; type: string } }>().data;
    expect(project).toMatchObject({ name: '云南森林碳汇项目', country: 'CN', type: 'forestry' });
  });

  it('importing the same file again changes nothing', async () => {
    const before = await vcus(companyAdmin);
    const response = await upload(companyAdmin, FIXTURE);
    expect(response.statusCode, response.body).toBe(201);
    const again = registryImportSchema.parse(response.json().data);
    expect(again.counts).toMatchObject({ rows: 5, imported: 0, retired: 0, unchanged: 4, invalid: 1, projectsCreated: 0, importedUnits: '0' });
    expect(again.sha256).toBe(first.sha256);
    expect(await vcus(companyAdmin)).toEqual(before);
  });

  it('never lets a retired line be tokenised: a mint of its project finds no units', async () => {
    // A mint draws on the company's available blocks and the registry's free ones: the project has neither.
    const projectVcus = (await get('/api/v1/projects/4103/vcus', companyAdmin)).json<{ data: { status: string }[] }>().data;
    expect(projectVcus.map((vcu) => vcu.status)).toEqual(['retired']);
    const held = (await vcus(companyAdmin)).filter((vcu) => vcu.serialNumber === RETIRED);
    expect(held.map((vcu) => vcu.status)).toEqual(['retired']);
    const lookup = registryLookupSchema.parse((await get(`/api/v1/registry/lookup?serialNumber=${RETIRED}`, companyAdmin)).json().data);
    expect(lookup.registryBlocks.map((block) => block.status)).toEqual(['retired']);
    expect(lookup.holdings).toMatchObject([{ status: 'retired', ownCompany: true, retiredOn: '2024-03-15' }]);
  });

  it("refuses another company's lines that overlap, and shows them in a lookup without id or mint", async () => {
    const response = await upload(otherCompany.companyAdmin, FIXTURE);
    expect(response.statusCode, response.body).toBe(201);
    const report = registryImportSchema.parse(response.json().data);
    expect(report.counts).toMatchObject({ imported: 0, retired: 0, unchanged: 0, invalid: 5 });
    expect(report.rows.filter((row) => row.problem === 'overlap')).toHaveLength(4);

    const lookup = registryLookupSchema.parse((await get(`/api/v1/registry/lookup?serialNumber=${SAO_JOAO}`, otherCompany.companyAdmin)).json().data);
    expect(lookup).toMatchObject({ projectName: 'Parque Eólico São João', units: '1234' });
    expect(lookup.holdings).toEqual([{ id: null, serialNumber: SAO_JOAO, status: 'available', ownCompany: false, mintAddress: null, retiredOn: null }]);
  });

  it('never lets another tenant hold the same serial range', async () => {
    const response = await upload(otherTenant, FIXTURE);
    expect(response.statusCode, response.body).toBe(201);
    const report = registryImportSchema.parse(response.json().data);
    expect(report.counts).toMatchObject({ imported: 0, retired: 0, invalid: 5 });
    expect(report.rows.filter((row) => row.problem === 'overlap')).toHaveLength(4);
  });

  it("answers 404 for another company's import and for naming another company without being an administrator", async () => {
    expect((await get(`/api/v1/registry/imports/${first.id}`, otherCompany.companyAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/registry/imports/${first.id}`, otherTenant)).statusCode).toBe(404);
    expect((await get(`/api/v1/registry/imports/${first.id}`, companyAdmin)).statusCode).toBe(200);
    expect((await get(`/api/v1/registry/imports/${first.id}`, platformAdmin)).statusCode).toBe(200);
    const named = await upload(companyAdmin, FIXTURE, `?companyId=${otherCompany.companyId}`);
    expect(named.statusCode).toBe(404);
    const list = (await get('/api/v1/registry/imports', otherCompany.companyAdmin)).json<{ data: { id: string }[] }>().data;
    expect(list.map((entry) => entry.id)).not.toContain(first.id);
  });

  it('lets a platform administrator import for a named company', async () => {
    const line =
      '01/02/2024,,01/01/2023,31/12/2023,4106,Admin Import Project,Peru,Agriculture Forestry and Other Land Use,VM0015,"3,000",300,9106-100-399-VCS-VCU-VM0015-VER-PE-14-4106-01012023-31122023-0,,,,,';
    const response = await upload(platformAdmin, csvOf([line]), `?companyId=${otherCompany.companyId}`);
    expect(response.statusCode, response.body).toBe(201);
    expect(registryImportSchema.parse(response.json().data)).toMatchObject({ companyId: otherCompany.companyId, counts: { imported: 1 } });
    expect((await vcus(otherCompany.companyAdmin)).map((vcu) => vcu.serialNumber)).toContain('9106-100-399-VCS-VCU-VM0015-VER-PE-14-4106-01012023-31122023-0');
  });

  it('reports each bad line with its reason: quantities, vintages, column counts and project ids', async () => {
    const good = (quantity: string, vintage = '01/01/2023', id = '4107') =>
      `01/02/2024,,${vintage},31/12/2023,${id},Checks,Chile,Energy industries,ACM0002,,"${quantity}",9107-1-1000-VCS-VCU-1-VER-CL-1-4107-01012023-31122023-0,,,,,`;
    const response = await upload(
      companyAdmin,
      csvOf([good('999'), good('1,000', '02/01/2023'), 'only,three,fields', good('1,000', '01/01/2023', '4999'), good('1.000')]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const rows = registryImportSchema.parse(response.json().data).rows;
    expect(rows.map((row) => [row.line, row.problem])).toEqual([
      [2, 'quantity_mismatch'],
      [3, 'vintage_mismatch'],
      [4, 'column_count'],
      [5, 'project_mismatch'],
      [6, 'invalid_quantity'],
    ]);
  });

  it('refuses files that are not a Verra CSV export cleanly: NUL bytes, binary, wrong header, too large, no file', async () => {
    const nul = await upload(companyAdmin, Buffer.concat([FIXTURE, Buffer.from([0])]));
    expect(nul.statusCode).toBe(415);
    expect(nul.json()).toMatchObject({ success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE', reason: 'REGISTRY__CSV_UNSUPPORTED' } });
    expect((await upload(companyAdmin, Buffer.from([0xff, 0xfe, 0xfd, 0x80]))).statusCode).toBe(415);

    const header = await upload(companyAdmin, Buffer.from('a,b,c\r\n1,2,3\r\n'));
    expect(header.statusCode).toBe(400);
    expect(header.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', reason: 'REGISTRY__CSV_INVALID' } });
    expect((await upload(companyAdmin, csvOf([]))).statusCode).toBe(400);
    expect((await upload(companyAdmin, Buffer.from(`${VERRA_CSV_COLUMNS.join(',')}\r\n"unterminated,quote`))).statusCode).toBe(400);

    const huge = await upload(companyAdmin, Buffer.alloc(REGISTRY_CSV_MAX_BYTES + 1024, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', reason: 'REGISTRY__CSV_TOO_LARGE' } });

    const wrongField = await multipart(FIXTURE, 'x.csv', 'document');
    const missing = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/registry/imports',
      headers: { ...companyAdmin.headers, 'content-type': wrongField.contentType },
      payload: wrongField.payload,
    });
    expect(missing.statusCode).toBe(400);
    const json = await harness.app.inject({ method: 'POST', url: '/api/v1/registry/imports', headers: companyAdmin.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('shows the configured registries with their status and the holdings', async () => {
    const overview = registryOverviewSchema.parse((await get('/api/v1/registry', companyAdmin)).json().data);
    expect(overview.registries).toMatchObject([
      { id: 'sandbox', active: true, status: 'connected' },
      { id: 'verra', active: false, status: 'not_configured', endpoint: null },
    ]);
    expect(BigInt(overview.holdings.retired)).toBeGreaterThanOrEqual(500n);
    expect(BigInt(overview.holdings.available)).toBeGreaterThanOrEqual(13_234n);
  });

  it('runs a sync job over the holdings to completion, visible to its company only', async () => {
    const started = await harness.app.inject({ method: 'POST', url: '/api/v1/registry/sync', headers: companyAdmin.headers });
    expect(started.statusCode, started.body).toBe(202);
    const run = registrySyncRunSchema.parse(started.json().data);
    expect(run.status).toBe('running');
    let finished: RegistrySyncRun = run;
    for (let attempt = 0; attempt < 100 && finished.status === 'running'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = registrySyncRunSchema.parse((await get(`/api/v1/registry/sync/${run.id}`, companyAdmin)).json().data);
    }
    expect(finished).toMatchObject({ status: 'completed', mismatches: [] });
    expect(finished.processed).toBe(finished.total);
    expect(finished.total).toBeGreaterThanOrEqual(4);
    expect((await get(`/api/v1/registry/sync/${run.id}`, otherCompany.companyAdmin)).statusCode).toBe(404);
    const overview = registryOverviewSchema.parse((await get('/api/v1/registry', companyAdmin)).json().data);
    expect(overview.registries[0]!.lastSync).toMatchObject({ id: run.id, status: 'completed' });
  });

  it('keeps one sync running per registry and company: asking again answers the running one and queues nothing more', async () => {
    const queued: string[] = [];
    // No worker here: the runs stay running, as while a job is under way.
    const deps: RegistrySyncDeps = {
      db: harness.app.db,
      registry: harness.app.registryFor,
      config: harness.config,
      live: harness.app.live,
      enqueue: (job) => Promise.resolve(void queued.push(job.runId)),
    };
    const { user, company, tenant } = otherCompany.companyAdmin.result;
    const actor = { tenantId: tenant.id, companyId: company.id, userId: user.id, role: user.role };
    const first = await startRegistrySync(deps, actor, {});
    const second = await startRegistrySync(deps, actor, {});
    expect(first.started).toBe(true);
    expect(second).toMatchObject({ started: false, run: { id: first.run.id, status: 'running' } });
    expect(queued).toEqual([first.run.id]);
    const { user: adminUser, company: adminCompany } = companyAdmin.result;
    const elsewhere = await startRegistrySync(deps, { tenantId: tenant.id, companyId: adminCompany.id, userId: adminUser.id, role: adminUser.role }, {});
    expect(elsewhere.started).toBe(true);
  });

  it('answers the lookup of a malformed serial with the field problems', async () => {
    const response = await get('/api/v1/registry/lookup?serialNumber=1-2-3', companyAdmin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('is open to the roles of /registry only', async () => {
    expect((await get('/api/v1/registry', viewer)).statusCode).toBe(403);
    expect((await upload(viewer, FIXTURE)).statusCode).toBe(403);
    expect((await harness.app.inject({ method: 'POST', url: '/api/v1/registry/sync', headers: viewer.headers })).statusCode).toBe(403);
    expect((await harness.app.inject({ method: 'GET', url: '/api/v1/registry' })).statusCode).toBe(401);
  });
});
