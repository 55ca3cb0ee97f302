import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERRA_CSV_COLUMNS, registryImportSchema, registryOverviewSchema, type CarbonProject, type RegistryVcuBlock } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';

const API_KEY = 'verra-import-key';
const serial = (start: number, end: number) => `12001-${start}-${end}-VCS-VCU-VM0007-VER-PE-14-1360-01012018-31122018-1`;

const project: Omit<CarbonProject, 'registry'> = {
  id: '1360',
  name: 'Tambopata-Bahuaja Forest Conservation (REDD+)',
  description: 'Avoided deforestation.',
  location: 'Madre de Dios, Peru',
  country: 'PE',
  type: 'forestry',
  technology: 'REDD+',
  vintage: '2018',
  vintages: [2018],
  coBenefits: [],
  methodology: 'VM0007',
  methodologyName: 'REDD+ Methodology Framework (REDD+MF)',
  developer: 'Bosques Amazónicos S.A.C.',
  standard: 'VCS',
  sectoralScope: 14,
  totalCredits: '3000',
  availableCredits: '2000',
  retiredCredits: '1000',
};

/** A Verra-format registry with one project: two issued blocks and one retired block. */
async function startFakeVerra() {
  const blocks: RegistryVcuBlock[] = [
    [1, 1000, 'issued'],
    [1001, 2000, 'retired'],
    [2001, 3000, 'issued'],
  ].map(([start, end, status]) => ({
    serialNumber: serial(Number(start), Number(end)),
    projectId: '1360',
    blockStart: String(start),
    blockEnd: String(end),
    units: '1000',
    vintageStart: '2018-01-01',
    vintageEnd: '2018-12-31',
    status: status as RegistryVcuBlock['status'],
    issuanceDate: '2019-06-05',
    verifier: 'SCS Global Services',
  }));
  const locks: string[] = [];
  const fake: FastifyInstance = Fastify();
  fake.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${API_KEY}`) return reply.status(401).send({ error: 'unauthorized' });
    return undefined;
  });
  fake.get('/api/projects', async () => ({ items: [project], total: 1 }));
  fake.get('/api/projects/:id', async (request, reply) => ((request.params as { id: string }).id === '1360' ? project : reply.status(404).send({})));
  fake.get('/api/projects/:id/vcu-blocks', async (request) => ((request.params as { id: string }).id === '1360' ? blocks : []));
  fake.post('/api/vcu-blocks/lock', async (request, reply) => {
    const { serialNumber } = request.body as { serialNumber: string };
    const block = blocks.find((candidate) => candidate.serialNumber === serialNumber);
    if (!block || block.status !== 'issued') return reply.status(409).send({});
    block.status = 'locked';
    locks.push(serialNumber);
    return { reference: `VERRA-LOCK-${locks.length}` };
  });
  const address = await fake.listen({ host: '127.0.0.1', port: 0 });
  return { fake, locks, baseUrl: `${address}/api/` };
}

function csvOf(lines: string[]): Buffer {
  return Buffer.from([VERRA_CSV_COLUMNS.join(','), ...lines].join('\n'), 'utf8');
}

const line = (start: number, end: number, { id = '1360', retiredOn = '' } = {}) =>
  `05/06/2019,15: Life on land,01/01/2018,31/12/2018,${id},Tambopata,Peru,Agriculture Forestry and Other Land Use,VM0007,"3,000","1,000",${serial(start, end).replace('-1360-', `-${id}-`)},CCB,${retiredOn},${retiredOn ? 'Acme' : ''},,`;

describe('registry CSV import against a Verra-format API (REGISTRY_API_URL)', () => {
  let verra: Awaited<ReturnType<typeof startFakeVerra>>;
  let harness: TestApp;
  let companyAdmin: SignedIn;

  beforeAll(async () => {
    verra = await startFakeVerra();
    harness = await createTestApp({ env: { REGISTRY_API_URL: verra.baseUrl, REGISTRY_API_KEY: API_KEY } });
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  });
  afterAll(async () => {
    await harness.close();
    await verra.fake.close();
  });

  it('shows the Verra API in use and connected, without its key', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/registry', headers: { authorization: companyAdmin.headers.authorization! } });
    const overview = registryOverviewSchema.parse(response.json().data);
    expect(overview.registries).toMatchObject([
      { id: 'sandbox', active: false, status: 'not_configured' },
      { id: 'verra', active: true, status: 'connected', endpoint: verra.baseUrl },
    ]);
    expect(response.body).not.toContain(API_KEY);
  });

  it('locks the issued lines in the registry, records the retired one, and never changes the registry on the word of the file', async () => {
    const form = new FormData();
    const csv = csvOf([
      line(1, 1000),
      line(1001, 2000, { retiredOn: '10/10/2020' }),
      line(2001, 3000, { retiredOn: '10/10/2020' }),
      line(1, 1000, { id: '9999' }),
    ]);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'verra.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/registry/imports',
      headers: { ...companyAdmin.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(201);
    const report = registryImportSchema.parse(response.json().data);
    expect(report.registry).toBe('verra');
    expect(report.rows.map((row) => [row.line, row.outcome, row.problem])).toEqual([
      [2, 'imported', null],
      [3, 'retired', null],
      [4, 'invalid', 'registry_refused'],
      [5, 'invalid', 'project_not_found'],
    ]);
    expect(report.counts.projectsCreated).toBe(0);
    // Only the line to mint was locked; the registry's issued block the file calls retired was left alone.
    expect(verra.locks).toEqual([serial(1, 1000)]);
  });
});
