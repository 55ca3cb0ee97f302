import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, retirementTexts } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../test/test-app';
import { ok } from '../lib/envelope';
import { AppError } from '../lib/app-error';

const echoBody = z.object({ email: z.email('Invalid email address'), amount: z.number().int().positive() });

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/v1/__probe', { schema: { body: echoBody, response: { 200: apiEnvelope(echoBody) } } }, async (request) => ok(request, request.body));
  app.get('/api/v1/__probe/conflict', async () => {
    throw new AppError('CONFLICT', 'Wallet already pending approval');
  });
  app.get('/api/v1/__probe/business', async () => {
    throw new AppError('RETIREMENT__NOT_CANCELLABLE');
  });
  app.get('/api/v1/__probe/crash', async () => {
    throw new Error('database exploded with secret details');
  });
};

describe('API conventions', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ routes: probeRoutes });
  });
  afterAll(() => harness.close());

  it('echoes a well-formed request id and trace id', async () => {
    const traceId = 'ab'.repeat(16);
    const response = await harness.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'req-123', 'x-trace-id': traceId } });
    expect(response.headers['x-request-id']).toBe('req-123');
    expect(response.json()).toMatchObject({ requestId: 'req-123', traceId });
  });

  it('replaces a malformed trace id with 16 fresh random bytes', async () => {
    const response = await harness.app.inject({ url: '/api/v1/health', headers: { 'x-trace-id': 'not-hex' } });
    expect(response.json().traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("takes a W3C traceparent's trace when no x-trace-id names one, and never the invalid all-zero id", async () => {
    const traceId = 'cd'.repeat(16);
    const traceparent = `00-${traceId}-${'ef'.repeat(8)}-01`;
    const traceOf = async (headers: Record<string, string>) =>
      (await harness.app.inject({ url: '/api/v1/health/live', headers })).json<{ traceId: string }>().traceId;
    expect(await traceOf({ traceparent })).toBe(traceId);
    expect(await traceOf({ traceparent, 'x-trace-id': 'ab'.repeat(16) })).toBe('ab'.repeat(16));
    const invalid: Record<string, string>[] = [
      { 'x-trace-id': '0'.repeat(32) },
      { traceparent: `00-${'0'.repeat(32)}-${'ef'.repeat(8)}-01` },
      { traceparent: `ff-${traceId}-${'ef'.repeat(8)}-01` },
    ];
    for (const headers of invalid) expect(await traceOf(headers)).not.toMatch(/^0{32}$|^(cd){16}$/);
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const response = await harness.app.inject({ url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, data: null, message: 'The requested resource was not found.', error: { code: 'NOT_FOUND' } });
  });

  it('answers validation failures with 400 and the field messages', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/v1/__probe', payload: { email: 'nope', amount: -1 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' }, message: 'Please check your input and try again.' });
    expect(body.error.fields.email).toEqual(['Invalid email address']);
    expect(body.error.fields.amount).toHaveLength(1);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/v1/__probe', payload: 'x', headers: { 'content-type': 'application/x-unknown' } });
    expect(response.statusCode).toBe(415);
  });

  it('maps an AppError to its status with its own text', async () => {
    const response = await harness.app.inject({ url: '/api/v1/__probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Wallet already pending approval', error: { code: 'CONFLICT' } });
  });

  it('sends a business failure with its generic code, its own domain code and its text', async () => {
    const response = await harness.app.inject({ url: '/api/v1/__probe/business' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: retirementTexts.cancelNotAllowed, error: { code: 'CONFLICT', reason: 'RETIREMENT__NOT_CANCELLABLE' } });
  });

  it('hides internal failures behind the generic text', async () => {
    const response = await harness.app.inject({ url: '/api/v1/__probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe('Internal server error. Please try again later.');
    expect(response.body).not.toContain('secret details');
  });

  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const response = await harness.app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/v1/health'].get.responses['200']).toBeDefined();
  });
});
