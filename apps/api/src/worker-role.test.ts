import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { REALTIME } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from './test/test-app';

/** ROLE=worker runs the job workers; its only HTTP answers are the health probes and the Prometheus metrics. */
describe('ROLE=worker', () => {
  let harness: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    harness = await createTestApp({ env: { ROLE: 'worker' } });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => harness.close());

  it('answers the health probe, with realtime reported as not served', async () => {
    const response = await fetch(`${baseUrl}/api/v1/health`);
    expect(response.status).toBe(200);
    const report = (await response.json()) as { data: { components: Record<string, { status: string; detail: string }> } };
    expect(report.data.components.jobs!.status).toBe('up');
    expect(report.data.components.realtime).toMatchObject({ status: 'up', detail: 'not served (ROLE=worker)' });
  });

  it.each(['/api/v1/health/live', '/api/v1/health/ready'])('answers the orchestrator probe %s', async (url) => {
    const response = await fetch(`${baseUrl}${url}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { status: string } }).data.status).toMatch(/^(ok|ready)$/);
  });

  it('serves its Prometheus metrics to a loopback scraper', async () => {
    const response = await fetch(`${baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it.each([
    ['POST', '/api/v1/auth/login'],
    ['GET', '/api/v1/notifications'],
    ['GET', '/api/v1/openapi.json'],
    ['POST', '/rpc'],
    ['GET', '/dashboard'],
  ])('answers %s %s with 404', async (method, url) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ email: 'admin@demo.test', password: 'Demo!2345' }) : undefined,
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('accepts no socket.io connection', async () => {
    const socket = connect(`${baseUrl}${REALTIME.guestNamespace}`, { path: REALTIME.path, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => resolve('refused'));
      });
      expect(outcome).toBe('refused');
    } finally {
      socket.close();
    }
  });
});
