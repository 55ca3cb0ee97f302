import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ok } from '../../lib/envelope';
import { signInAs, type SignedIn } from '../auth/auth.testing';

const transferBody = z.object({ amount: z.number().int().positive() });
let executions = 0;
let releaseSlowRequest: () => void = () => undefined;

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/__probe/transfers',
    { onRequest: app.authenticate, config: { idempotency: 'required' }, schema: { body: transferBody, response: { 201: apiEnvelope(z.object({ execution: z.number(), amount: z.number() })) } } },
    async (request, reply) => {
      executions += 1;
      reply.status(201);
      return ok(request, { execution: executions, amount: request.body.amount });
    },
  );
  app.post('/api/v1/__probe/slow', { onRequest: app.authenticate, config: { idempotency: 'required' } }, async (request) => {
    await new Promise<void>((resolve) => (releaseSlowRequest = resolve));
    return ok(request, null);
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
  harness.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) } });

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
    const slow = post(operator, '/api/v1/__probe/slow', {}, 'slow-001');
    await new Promise((resolve) => setTimeout(resolve, 300));
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
});
