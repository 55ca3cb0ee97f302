import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME, SERVER_EVENTS, type MintingJob } from '@carbonledger/contracts';
import { chainSubmissions, mintOperations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { MINT_TO_KIND } from './minting.chain';
import { BATCH_CHUNK_SIZE, createMintingBatch, runMintingJob } from './minting-jobs.service';
import { resumeStaleOperations } from './minting.jobs';
import { insertOperation } from './minting.repository';
import { reserveUnits } from '../registry';
import { approvalsDepsOf } from '../approvals';
import type { Actor } from '../../lib/actor';
import type { MintingDeps } from './minting.deps';
import { approvedWallet, freeSubranges, importSerials, supplyOf, vcusOf } from './minting.testing';

describe('batch VCU minting', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let otherTenant: SignedIn;
  let actor: Actor;
  let deps: MintingDeps;
  let walletId: string;
  let walletAddress: string;

  const get = (url: string, who: SignedIn) => harness.app.inject({ method: 'GET', url, headers: { authorization: who.headers.authorization! } });
  const createBatch = (vcuBlockIds: string[], key: string | null = randomUUID(), who: SignedIn = companyAdmin, wallet = walletId) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/batches',
      headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { vcuBlockIds, walletId: wallet },
    });

  async function confirmedMintTos(reference: string): Promise<number> {
    const rows = await harness.app.db.withTenant(actor.tenantId, (tx) =>
      tx
        .select()
        .from(chainSubmissions)
        .where(
          and(
            eq(chainSubmissions.kind, MINT_TO_KIND),
            eq(chainSubmissions.status, 'confirmed'),
            sql`${chainSubmissions.reference}->>'mintReference' = ${reference}`,
          ),
        ),
    );
    return rows.length;
  }

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    const beta = await createRegistryTenant(harness.app.db, 'batchbeta');
    otherTenant = await signInAs(harness.app, beta.email);
    actor = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id, userId: companyAdmin.result.user.id, role: 'COMPANY_ADMIN' };
    const { wallet } = await approvedWallet(harness.app, companyAdmin, admin);
    walletId = wallet.id;
    walletAddress = wallet.address;
    deps = {
      context: harness.app.chainContext,
      publisher: harness.app.live,
      live: harness.app.live,
      explorer: { baseUrl: 'https://explorer.solana.com', cluster: 'localnet', customRpcUrl: 'http://localhost/rpc' },
      registry: harness.app.registryFor,
      publicBaseUrl: 'http://localhost',
      approvals: approvalsDepsOf(harness.app),
    };
  });
  afterAll(() => harness.close());

  it('a worker killed mid-batch resumes: every block minted exactly once and on-chain supply equals the tokenised units', async () => {
    const serials = await freeSubranges(harness.app, companyAdmin, '2250', 50, 7n);
    const blockIds = await importSerials(harness.app, actor, serials);
    const job = await createMintingBatch(deps, actor, { vcuBlockIds: blockIds, walletId });
    expect(job).toMatchObject({ vcuCount: 50, totalAmount: 350n, status: 'pending', progress: 0 });
    const chunks = Math.ceil(50 / BATCH_CHUNK_SIZE);

    // The crash: chunk 1 reached the chain, the worker died before recording it.
    await expect(
      runMintingJob(deps, actor.tenantId, job.id, {
        afterChunkSent: (chunk) => {
          if (chunk === 1) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const interrupted = (await get(`/api/v1/minting/batches/${job.id}`, companyAdmin)).json().data as MintingJob;
    expect(interrupted).toMatchObject({ status: 'retrying', progress: 40, mintedAmount: '140' });
    const tokenisedBefore = (await vcusOf(harness.app, companyAdmin, '?status=tokenised&projectId=2250')).length;
    expect(tokenisedBefore).toBe(20);

    const resumed = await runMintingJob(deps, actor.tenantId, job.id);
    expect(resumed).toMatchObject({ status: 'completed', progress: 100, mintedAmount: 350n });

    for (let chunk = 0; chunk < chunks; chunk++) expect(await confirmedMintTos(`${job.id}:${chunk}`)).toBe(1);
    const tokenised = (await vcusOf(harness.app, companyAdmin, '?status=tokenised&projectId=2250')).filter(
      (vcu) => vcu.id !== null && blockIds.includes(vcu.id),
    );
    expect(tokenised).toHaveLength(50);
    const mint = tokenised[0]!.mintAddress!;
    expect(new Set(tokenised.map((vcu) => vcu.mintAddress))).toEqual(new Set([mint]));
    expect(await supplyOf(harness.app, mint)).toBe(tokenised.reduce((sum, vcu) => sum + BigInt(vcu.amount), 0n));

    // Running a finished job again changes nothing.
    await runMintingJob(deps, actor.tenantId, job.id);
    expect(await supplyOf(harness.app, mint)).toBe(350n);
  });

  it('POST /minting/batches runs as a job with live progress over the socket, listed in the minting-jobs table', async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    const socket: Socket = connect(`${baseUrl}${REALTIME.namespace}`, {
      path: REALTIME.path,
      transports: ['websocket'],
      auth: { token: companyAdmin.token },
      reconnection: false,
      forceNew: true,
    });
    await new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, resolve));
    const updates: MintingJob[] = [];
    socket.on(SERVER_EVENTS.mintingJobUpdate, (payload: MintingJob) => updates.push(payload));

    const serials = await freeSubranges(harness.app, companyAdmin, '2250', 45, 3n, 1);
    const blockIds = await importSerials(harness.app, actor, serials);
    expect((await createBatch(blockIds, null)).statusCode).toBe(400);
    const key = randomUUID();
    const response = await createBatch(blockIds, key);
    expect(response.statusCode, response.body).toBe(202);
    const job = response.json().data as MintingJob;
    expect(job).toMatchObject({ vcuCount: 45, totalAmount: '135', status: 'pending', progress: 0, walletAddress });

    const replay = await createBatch(blockIds, key);
    expect(replay.json().data.id).toBe(job.id);
    const taken = await createBatch(blockIds);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.reason).toBe('MINTING__VCUS_UNAVAILABLE');

    const deadline = Date.now() + 30_000;
    let current = job;
    while (current.status !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      current = (await get(`/api/v1/minting/batches/${job.id}`, companyAdmin)).json().data as MintingJob;
    }
    expect(current).toMatchObject({ status: 'completed', progress: 100, mintedAmount: '135' });
    // The last update may still be on its way over the socket.
    await vi.waitFor(() => expect(updates.some((update) => update.id === job.id && update.progress === 100)).toBe(true));
    const progress = updates.filter((update) => update.id === job.id).map((update) => update.progress);
    expect(progress).toContain(100);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    socket.close();

    const list = (await get('/api/v1/minting/batches', companyAdmin)).json().data as MintingJob[];
    expect(list.map((row) => row.id)).toContain(job.id);
    expect((await get(`/api/v1/minting/batches/${job.id}`, otherTenant)).statusCode).toBe(404);
    expect((await get('/api/v1/minting/batches', otherTenant)).json().data).toEqual([]);
    expect((await createBatch(blockIds, randomUUID(), otherTenant)).statusCode).toBe(400);
  });

  it('a single mint whose runner died while processing is finished by the sweep, exactly once', async () => {
    const [serial] = await freeSubranges(harness.app, companyAdmin, '2250', 1, 5n, 2);
    const [blockId] = await importSerials(harness.app, actor, [serial!]);
    const vcu = (await vcusOf(harness.app, companyAdmin, '?projectId=2250')).find((row) => row.id === blockId)!;
    const vintage = Number(vcu.vintage);

    // What a runner that died after reserving and claiming leaves behind: a processing operation, units reserved.
    const operation = await harness.app.db.withTenant(actor.tenantId, async (tx) => {
      const row = await insertOperation(tx, {
        tenantId: actor.tenantId,
        companyId: actor.companyId,
        userId: actor.userId,
        registry: 'sandbox',
        projectId: '2250',
        projectName: vcu.projectName,
        vintage,
        quantity: 5n,
        tokenName: 'Sweep test',
        symbol: 'SWEEP',
        decimals: 0,
        walletId,
        walletAddress,
        status: 'processing',
      });
      await reserveUnits(tx, { blockIds: [blockId!] }, 5n, row.id);
      await tx
        .update(mintOperations)
        .set({ updatedAt: new Date(Date.now() - 120_000) })
        .where(eq(mintOperations.id, row.id));
      return row;
    });

    expect(await resumeStaleOperations(harness.app, deps)).toBeGreaterThanOrEqual(1);
    const finished = (await get(`/api/v1/minting/operations/${operation.id}`, companyAdmin)).json().data;
    expect(finished).toMatchObject({ status: 'completed', serialNumbers: [serial] });
    const supplyAfterSweep = await supplyOf(harness.app, finished.mintAddress);

    expect(await resumeStaleOperations(harness.app, deps)).toBe(0);
    expect(await supplyOf(harness.app, finished.mintAddress)).toBe(supplyAfterSweep);
    expect(await confirmedMintTos(operation.id)).toBe(1);
  });
});
