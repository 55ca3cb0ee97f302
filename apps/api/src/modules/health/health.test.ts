import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/v1/health', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('reports every component up inside the envelope', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'All systems operational' });
    expect(body.data.status).toBe('ok');
    for (const name of ['database', 'chain', 'jobs', 'realtime']) {
      expect(body.data.components[name].status, name).toBe('up');
    }
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.traceId).toBe(response.headers['x-trace-id']);
  });

  it('answers 503 and names the component that is down', async () => {
    const original = harness.app.chain.health.bind(harness.app.chain);
    harness.app.chain.health = async () => {
      throw new Error('validator unreachable');
    };
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json().data.components.chain).toMatchObject({ status: 'down', detail: 'validator unreachable' });
    } finally {
      harness.app.chain.health = original;
    }
  });
});
