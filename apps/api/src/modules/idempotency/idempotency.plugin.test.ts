import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { idempotencyKeys } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { operationBinderOf } from './idempotency.plugin';

const transferBody = z.object({ amount: z.number().int().positive() });
let executions = 0;
let releaseSlowRequest: () => void = () => undefined;
/** Operations the probe created and whether each is decided yet (as a retirement or a mint would be, on chain). */
const operations = new Map<string, { decided: boolean }>();
let failAfterCreating = false;
let releaseBeforeCreating: () => void = () => undefined;
let signalEntered: () => void = () => undefined;
/** Resolves once a slow probe's handler runs: by then the plugin has recorded its key as in flight. */
const handlerEntered = () => new Promise<void>((resolve) => (signalEntered = resolve));

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/__probe/transfers',
    {
      onRequest: app.authenticate,
      config: { idempotency: 'required' },
      schema: { body: transferBody, response: { 201: apiEnvelope(z.object({ execution: z.number(), amount: z.number() })) } },
    },
    async (request, reply) => {
      executions += 1;
      reply.status(201);
      return ok(request, { execution: executions, amount: request.body.amount });
    },
  );
  app.post('/api/v1/__probe/slow', { onRequest: app.authenticate, config: { idempotency: 'required' } }, async (request) => {
    const released = new Promise<void>((resolve) => (releaseSlowRequest = resolve));
    signalEntered();
    await released;
    return ok(request, null);
  });
  const createOperation = async (request: FastifyRequest) => {
    const id = randomUUID();
    const bind = operationBinderOf(request)!;
    await app.db.withTenant(request.auth!.tenantId, (tx) => bind(tx, id));
    operations.set(id, { decided: !failAfterCreating });
    executions += 1;
    // The chain send timed out after the operation was created: its outcome is not known yet.
    if (failAfterCreating) throw new Error('the chain did not answer in time');
    return id;
  };
  const operationRoute = {
    onRequest: app.authenticate,
    config: {
      idempotency: 'required' as const,
      idempotentOperation: async (request: FastifyRequest, reply: FastifyReply, id: string) =>
        operations.get(id)?.decided ? reply.status(201).send(ok(request, { operation: id, answeredBy: 'operation' })) : undefined,
    },
  };
  app.post('/api/v1/__probe/operations', operationRoute, async (request, reply) => {
    const id = await createOperation(request);
    return reply.status(201).send(ok(request, { operation: id, answeredBy: 'request' }));
  });
  app.post('/api/v1/__probe/slow-operations', operationRoute, async (request, reply) => {
    const released = new Promise<void>((resolve) => (releaseBeforeCreating = resolve));
    signalEntered();
    await released;
    const id = await createOperation(request);
    return reply.status(201).send(ok(request, { operation: id, answeredBy: 'request' }));
  });
  app.post('/api/v1/__probe/flaky', { onRequest: app.authenticate, config: { idempotency: 'required' } }, async (request) => {
    executions += 1;
    if (executions % 2 === 1) throw new Error('transient failure');
    return ok(request, { execution: executions });
  });
};

let harness: TestApp;
let operator: SignedIn;
let manager: SignedIn;

beforeAll(async () => {
  harness = await createTestApp({ routes: probeRoutes });
  operator = await signInAs(harness.app, 'operator@demo.test');
  manager = await signInAs(harness.app, 'manager@demo.test');
});
afterAll(() => harness.close());

const post = (who: SignedIn, url: string, payload: unknown, key?: string) =>
  harness.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });

describe('Idempotency-Key', () => {
  it('runs the first request once and replays its stored answer for a retry', async () => {
    executions = 0;
    const first = await post(operator, '/api/v1/__probe/transfers', { amount: 5 }, 'transfer-001');
    const retry = await post(operator, '/api/v1/__probe/transfers', { amount: 5 }, 'transfer-001');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data).toEqual({ execution: 1, amount: 5 });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(executions).toBe(1);
  });

  it('refuses the same key with another payload with 422', async () => {
    const response = await post(operator, '/api/v1/__probe/transfers', { amount: 6 }, 'transfer-001');
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('treats the same key from another user as another request', async () => {
    const response = await post(manager, '/api/v1/__probe/transfers', { amount: 5 }, 'transfer-001');
    expect(response.statusCode).toBe(422);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const entered = handlerEntered();
    const slow = post(operator, '/api/v1/__probe/slow', {}, 'slow-001');
    await entered;
    const concurrent = await post(operator, '/api/v1/__probe/slow', {}, 'slow-001');
    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.json().error.code).toBe('IDEMPOTENCY_IN_FLIGHT');
    releaseSlowRequest();
    expect((await slow).statusCode).toBe(200);
  });

  it('lets a retry run again after a server failure', async () => {
    executions = 0;
    expect((await post(operator, '/api/v1/__probe/flaky', {}, 'flaky-001')).statusCode).toBe(500);
    const retry = await post(operator, '/api/v1/__probe/flaky', {}, 'flaky-001');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual({ execution: 2 });
  });

  it('requires the header where the operation is money-like, and validates it', async () => {
    const missing = await post(operator, '/api/v1/__probe/transfers', { amount: 5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields['idempotency-key']).toEqual(['Idempotency-Key header is required']);
    const tooLong = await post(operator, '/api/v1/__probe/transfers', { amount: 5 }, 'k'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
  });

  it('stores nothing for a request that fails validation', async () => {
    executions = 0;
    expect((await post(operator, '/api/v1/__probe/transfers', { amount: -1 }, 'transfer-002')).statusCode).toBe(400);
    expect((await post(operator, '/api/v1/__probe/transfers', { amount: 7 }, 'transfer-002')).statusCode).toBe(201);
    expect(executions).toBe(1);
  });

  const ageKey = (key: string, interval: string) =>
    harness.app.db.asSystem((tx) =>
      tx
        .update(idempotencyKeys)
        .set({ createdAt: sql`${idempotencyKeys.createdAt} - ${interval}::interval` })
        .where(eq(idempotencyKeys.key, key)),
    );

  it('never frees a key whose request created an operation: a server error, then 409 with Retry-After until the operation is decided, then its answer', async () => {
    executions = 0;
    failAfterCreating = true;
    expect((await post(operator, '/api/v1/__probe/operations', {}, 'operation-001')).statusCode).toBe(500);
    failAfterCreating = false;
    const [id] = [...operations.keys()].slice(-1);

    const undecided = await post(operator, '/api/v1/__probe/operations', {}, 'operation-001');
    expect(undecided.statusCode).toBe(409);
    expect(undecided.json().error.code).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect(undecided.headers['retry-after']).toBe('10');

    await ageKey('operation-001', '1 hour');
    expect((await post(operator, '/api/v1/__probe/operations', {}, 'operation-001')).statusCode).toBe(409);

    operations.set(id!, { decided: true });
    const answered = await post(operator, '/api/v1/__probe/operations', {}, 'operation-001');
    expect(answered.statusCode).toBe(201);
    expect(answered.json().data).toEqual({ operation: id, answeredBy: 'operation' });
    const replayed = await post(operator, '/api/v1/__probe/operations', {}, 'operation-001');
    expect(replayed.json().data).toEqual(answered.json().data);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(executions).toBe(1);
  });

  it('runs a key again when its request stopped 2 minutes ago before creating anything; that request can then no longer create its operation', async () => {
    executions = 0;
    const firstEntered = handlerEntered();
    const first = post(operator, '/api/v1/__probe/slow-operations', {}, 'operation-002');
    await firstEntered;
    const releaseFirst = releaseBeforeCreating;
    expect((await post(operator, '/api/v1/__probe/slow-operations', {}, 'operation-002')).statusCode).toBe(409);

    await ageKey('operation-002', '2 minutes 1 second');
    const retryEntered = handlerEntered();
    const retry = post(operator, '/api/v1/__probe/slow-operations', {}, 'operation-002');
    await retryEntered;
    releaseBeforeCreating();
    const retried = await retry;
    expect(retried.statusCode).toBe(201);

    releaseFirst();
    const late = await first;
    expect(late.statusCode).toBe(409);
    expect(executions).toBe(1);
    const again = await post(operator, '/api/v1/__probe/slow-operations', {}, 'operation-002');
    expect(again.json().data).toEqual(retried.json().data);
  });
});
