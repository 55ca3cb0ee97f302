import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { parseVerraSerial, registryTexts, type CarbonProject, type RegistryVcuBlock, type VerraSerial } from '@carbonledger/contracts';
import { createTestDatabase } from '../../test/test-app';
import type { Database } from '../../db/database';
import { vcuBlocks } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { createRegistryTenant } from './registry.testing';
import { verraRegistry } from './verra-registry';
import { importVcuBlock } from './vcu-blocks.service';

const API_KEY = 'test-key-123';
const BLOCK = '12001-823550001-823560000-VCS-VCU-1024-VER-PE-14-1360-01012018-31122018-1';

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
  coBenefits: ['CCB Gold: Biodiversity'],
  methodology: 'VM0007',
  methodologyName: 'REDD+ Methodology Framework (REDD+MF)',
  developer: 'Bosques Amazónicos S.A.C.',
  standard: 'VCS',
  sectoralScope: 14,
  totalCredits: '10000',
  availableCredits: '10000',
  retiredCredits: '0',
};

function serial(text: string): VerraSerial {
  const parsed = parseVerraSerial(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.serial;
}

/** A Verra-format registry on 127.0.0.1 holding one project with one issued block. */
async function startFakeVerra() {
  const state = {
    blockStatus: 'issued' as RegistryVcuBlock['status'],
    locks: [] as { serialNumber: string; holder: string }[],
    retirements: [] as { serialNumber: string; beneficiary: string; reason: string }[],
    lastQuery: null as Record<string, string> | null,
    mode: 'normal' as 'normal' | 'broken' | 'garbage' | 'slow',
  };
  const fake: FastifyInstance = Fastify();
  fake.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${API_KEY}`) return reply.status(401).send({ error: 'unauthorized' });
    if (state.mode === 'broken') return reply.status(500).send({ error: 'boom' });
    if (state.mode === 'garbage') return reply.status(200).send({ unexpected: true });
    if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1500));
    return undefined;
  });
  fake.get('/api/projects', async (request) => {
    state.lastQuery = request.query as Record<string, string>;
    return { items: [project], total: 1 };
  });
  fake.get('/api/projects/stats', async () => ({
    projectCount: 1,
    totalCredits: '10000',
    availableCredits: '10000',
    retiredCredits: '0',
    byType: [{ type: 'forestry', projectCount: 1, totalCredits: '10000', availableCredits: '10000', retiredCredits: '0' }],
  }));
  fake.get('/api/projects/:id', async (request, reply) =>
    (request.params as { id: string }).id === '1360' ? project : reply.status(404).send({ error: 'not found' }),
  );
  fake.get('/api/projects/:id/vcu-blocks', async (request, reply) => {
    if ((request.params as { id: string }).id !== '1360') return reply.status(404).send({ error: 'not found' });
    const block: RegistryVcuBlock = {
      serialNumber: BLOCK,
      projectId: '1360',
      blockStart: '823550001',
      blockEnd: '823560000',
      units: '10000',
      vintageStart: '2018-01-01',
      vintageEnd: '2018-12-31',
      status: state.blockStatus,
      issuanceDate: '2019-06-05',
      verifier: 'SCS Global Services',
    };
    return [block];
  });
  fake.post('/api/vcu-blocks/lock', async (request, reply) => {
    const body = request.body as { serialNumber: string; holder: string };
    if (state.blockStatus !== 'issued') return reply.status(409).send({ error: 'not free' });
    state.locks.push(body);
    return { reference: `VERRA-LOCK-${state.locks.length}` };
  });
  fake.post('/api/vcu-blocks/retire', async (request) => {
    state.retirements.push(request.body as (typeof state.retirements)[number]);
    return { reference: `VERRA-RET-${state.retirements.length}` };
  });
  const address = await fake.listen({ host: '127.0.0.1', port: 0 });
  return { fake, state, baseUrl: `${address}/api` };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('Verra-format registry adapter against a local fake', () => {
  let server: Awaited<ReturnType<typeof startFakeVerra>>;
  let database: Database;
  let drop: () => Promise<void>;
  let actor: Actor;

  beforeAll(async () => {
    server = await startFakeVerra();
    ({ database, drop } = await createTestDatabase());
    actor = await createRegistryTenant(database, 'verra-client');
  });
  afterAll(async () => {
    await server.fake.close();
    await drop();
  });
  beforeEach(() => {
    server.state.mode = 'normal';
    server.state.blockStatus = 'issued';
  });

  const registry = (timeoutMs = 5000) => verraRegistry({ baseUrl: server.baseUrl, apiKey: API_KEY, timeoutMs });

  it('searches projects with the query passed on, marking them as Verra projects', async () => {
    const result = await registry().listProjects({ search: 'Tambopata', type: 'forestry', page: 2, pageSize: 5 });
    expect(server.state.lastQuery).toEqual({ search: 'Tambopata', type: 'forestry', page: '2', pageSize: '5' });
    expect(result.total).toBe(1);
    expect(result.items[0]).toMatchObject({ id: '1360', registry: 'verra', methodology: 'VM0007' });
  });

  it('reads a project, its blocks and the statistics, and answers null for an unknown project', async () => {
    expect(await registry().getProject('1360')).toMatchObject({ name: project.name, registry: 'verra' });
    expect(await registry().getProject('999')).toBeNull();
    expect(await registry().listVcuBlocks('1360')).toHaveLength(1);
    expect(await registry().listVcuBlocks('999')).toEqual([]);
    expect((await registry().projectStats()).byType[0]).toMatchObject({ type: 'forestry', totalCredits: '10000' });
  });

  it('imports a block through the remote lock and keeps the registry reference', async () => {
    const imported = await database.withTenant(actor.tenantId, (tx) =>
      importVcuBlock(tx, registry(), actor, '12001-823550001-823550100-VCS-VCU-1024-VER-PE-14-1360-01012018-31122018-1'),
    );
    expect(imported).toMatchObject({
      registry: 'verra',
      registryReference: 'VERRA-LOCK-1',
      verifier: 'SCS Global Services',
      issuanceDate: '2019-06-05',
      status: 'available',
    });
    expect(server.state.locks).toEqual([{ serialNumber: '12001-823550001-823550100-VCS-VCU-1024-VER-PE-14-1360-01012018-31122018-1', holder: actor.tenantId }]);
  });

  it('keeps nothing when the registry refuses the lock', async () => {
    server.state.blockStatus = 'locked';
    const error = await rejection(
      database.withTenant(actor.tenantId, (tx) =>
        importVcuBlock(tx, registry(), actor, '12001-823551001-823551100-VCS-VCU-1024-VER-PE-14-1360-01012018-31122018-1'),
      ),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', message: registryTexts.blockNotIssued });
    expect(error).toMatchObject({ reason: 'REGISTRY__BLOCK_NOT_ISSUED' });
    const kept = await database.withTenant(actor.tenantId, (tx) => tx.select().from(vcuBlocks).where(eq(vcuBlocks.blockStart, 823551001n)));
    expect(kept).toEqual([]);
  });

  it('retires a range and answers the registry reference', async () => {
    const result = await registry().markRetired(serial(BLOCK), { beneficiary: 'Verde Energia S.A.', reason: '2024 scope 1' });
    expect(result).toEqual({ reference: 'VERRA-RET-1' });
    expect(server.state.retirements[0]).toEqual({ serialNumber: BLOCK, beneficiary: 'Verde Energia S.A.', reason: '2024 scope 1' });
  });

  it.each(['broken', 'garbage', 'slow'] as const)('reports the registry as unavailable when it is %s', async (mode) => {
    server.state.mode = mode;
    const error = await rejection(registry(300).getProject('1360'));
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, message: registryTexts.registryUnavailable });
  });

  it('reports the registry as unavailable with a wrong API key or nobody listening', async () => {
    const wrongKey = verraRegistry({ baseUrl: server.baseUrl, apiKey: 'wrong' });
    expect((await rejection(wrongKey.listProjects({ page: 1, pageSize: 10 }))).code).toBe('SERVICE_UNAVAILABLE');
    const nobody = verraRegistry({ baseUrl: 'http://127.0.0.1:9/api', timeoutMs: 500 });
    expect((await rejection(nobody.lockSerialRange(serial(BLOCK), 'x'))).code).toBe('SERVICE_UNAVAILABLE');
  });
});
