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

describe('GET /api/v1/health/live and /health/ready', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('answers liveness without looking at any component', async () => {
    const original = harness.app.db.ping.bind(harness.app.db);
    harness.app.db.ping = async () => {
      throw new Error('database gone');
    };
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health/live' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ status: 'ok' });
    } finally {
      harness.app.db.ping = original;
    }
  });

  it('is ready when the database and the chain answer, and names no Redis without REDIS_URL', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report.status).toBe('ready');
    expect(report.components.database.status).toBe('up');
    expect(report.components.chain.status).toBe('up');
    expect(report.components.redis).toBeUndefined();
  });

  it('is not ready (503) while the database does not answer', async () => {
    const original = harness.app.db.ping.bind(harness.app.db);
    harness.app.db.ping = async () => {
      throw new Error('database gone');
    };
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().data).toMatchObject({ status: 'not_ready', components: { database: { status: 'down', detail: 'database gone' } } });
    } finally {
      harness.app.db.ping = original;
    }
  });
});

describe('GET /api/v1/health/ready with REDIS_URL', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ env: { REDIS_URL: redisUrl } });
  });
  afterAll(() => harness.close());

  it('checks Redis too', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.components.redis).toMatchObject({ status: 'up', detail: 'PONG' });
  });
});
