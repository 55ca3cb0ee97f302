import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheKeyListSchema,
  cacheStatsSchema,
  metricsSnapshotSchema,
  REALTIME,
  SERVER_EVENTS,
  systemStatsPayload,
  type SystemStatsPayload,
} from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';

interface PrometheusFamily {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; quantiles?: Record<string, string>; count?: string }[];
}
// The parser ships no types; it reads the text exposition format a Prometheus server scrapes.
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => PrometheusFamily[];

let harness: TestApp;
let baseUrl: string;
let admin: SignedIn;
let superAdmin: SignedIn;
const sockets: Socket[] = [];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  admin = await signInAs(harness.app, 'admin@demo.test');
  superAdmin = await signInAs(harness.app, 'superadmin@demo.test');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await harness.close();
});

describe('roles', () => {
  const endpoints = [
    '/api/v1/operations/jobs',
    '/api/v1/operations/queues',
    '/api/v1/operations/cache',
    '/api/v1/operations/cache/keys',
    '/api/v1/operations/metrics',
  ];

  it.each(['companyadmin@demo.test', 'cso@demo.test', 'hda@demo.test', 'manager@demo.test', 'finance@demo.test', 'operator@demo.test', 'viewer@demo.test'])(
    'refuses %s every operations endpoint',
    async (email) => {
      const user = await signInAs(harness.app, email);
      for (const url of endpoints) expect((await harness.app.inject({ url, headers: user.headers })).statusCode, url).toBe(403);
      const pause = await harness.app.inject({ method: 'POST', url: '/api/v1/operations/queues/retirements.sweep/pause', headers: user.headers });
      expect(pause.statusCode).toBe(403);
    },
  );

  it('opens them to the platform company’s ADMIN and SUPER_ADMIN, and to nobody signed out', async () => {
    for (const who of [admin, superAdmin]) {
      for (const url of endpoints) expect((await harness.app.inject({ url, headers: who.headers })).statusCode, url).toBe(200);
    }
    expect((await harness.app.inject({ url: '/api/v1/operations/jobs' })).statusCode).toBe(401);
  });
});

describe('cache dashboard', () => {
  it('shows the carbon project pages the product cached, with their TTL, and deletes them by key and by pattern', async () => {
    const manager = await signInAs(harness.app, 'manager@demo.test');
    await harness.app.inject({ url: '/api/v1/projects?page=1&pageSize=5', headers: manager.headers });
    await harness.app.inject({ url: '/api/v1/projects?page=1&pageSize=5', headers: manager.headers });
    await harness.app.inject({ url: '/api/v1/projects/stats', headers: manager.headers });

    const stats = cacheStatsSchema.parse((await harness.app.inject({ url: '/api/v1/operations/cache', headers: admin.headers })).json().data);
    expect(stats.backend).toBe('memory');
    expect(stats.hits).toBeGreaterThanOrEqual(1);
    expect(stats.hitRatio).toBeGreaterThan(0);
    expect(stats.patterns.map((pattern) => pattern.pattern)).toEqual(expect.arrayContaining(['projects:list:*', 'projects:stats:*']));

    const listed = cacheKeyListSchema.parse(
      (await harness.app.inject({ url: '/api/v1/operations/cache/keys?pattern=projects:*', headers: admin.headers })).json().data,
    );
    const stat = listed.keys.find((key) => key.key.startsWith('projects:stats:'));
    expect(stat?.ttlSeconds).toBeGreaterThan(0);
    expect(stat?.ttlSeconds).toBeLessThanOrEqual(30);
    expect(stat?.memoryBytes).toBeGreaterThan(0);

    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: `/api/v1/operations/cache/keys/${encodeURIComponent(stat!.key)}`,
      headers: admin.headers,
    });
    expect(deleted.json().data).toEqual({ deleted: 1 });
    const byPattern = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/operations/cache/delete-pattern',
      headers: admin.headers,
      payload: { pattern: 'projects:list:*' },
    });
    expect(byPattern.json().data.deleted).toBeGreaterThanOrEqual(1);
    const left = cacheKeyListSchema.parse(
      (await harness.app.inject({ url: '/api/v1/operations/cache/keys?pattern=projects:*', headers: admin.headers })).json().data,
    );
    expect(left.keys).toEqual([]);
  });

  it('refuses a pattern with characters outside a glob of key names', async () => {
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/operations/cache/delete-pattern',
      headers: admin.headers,
      payload: { pattern: 'a[b]\u0000' },
    });
    expect(answer.statusCode).toBe(400);
  });
});

describe('system metrics', () => {
  it('reports each route’s requests and latency percentiles, the database and the process', async () => {
    for (let i = 0; i < 3; i += 1) await harness.app.inject({ url: '/api/v1/health' });
    const snapshot = metricsSnapshotSchema.parse((await harness.app.inject({ url: '/api/v1/operations/metrics', headers: admin.headers })).json().data);
    const health = snapshot.performance.routes.find((route) => route.route === '/api/v1/health' && route.method === 'GET');
    expect(health?.total).toBeGreaterThanOrEqual(3);
    expect(health?.requestsPerMinute).toBeGreaterThanOrEqual(3);
    expect(health?.p50Ms).not.toBeNull();
    expect(snapshot.database.kind).toBe(harness.app.db.kind);
    expect(snapshot.database.sizeBytes).toBeGreaterThan(0);
    expect(snapshot.system.heapUsedBytes).toBeGreaterThan(0);
  });

  it('serves the Prometheus text format at GET /metrics to a loopback scraper', async () => {
    await harness.app.inject({ url: '/api/v1/health' });
    const answer = await fetch(`${baseUrl}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheus(await answer.text());
    const byName = new Map(families.map((family) => [family.name, family]));
    expect(byName.get('carbonledger_http_requests_total')?.type).toBe('COUNTER');
    expect(byName.get('carbonledger_http_requests_total')?.metrics).toContainEqual(
      expect.objectContaining({ labels: { method: 'GET', route: '/api/v1/health', status_class: '2xx' } }),
    );
    expect(byName.get('carbonledger_http_request_duration_seconds')?.type).toBe('SUMMARY');
    expect(Number(byName.get('carbonledger_database_size_bytes')?.metrics[0]?.value)).toBeGreaterThan(0);
    expect(byName.get('carbonledger_jobs')?.metrics.some((metric) => metric.labels?.queue === 'retirements.sweep')).toBe(true);
    expect(byName.has('process_resident_memory_bytes')).toBe(true);
    expect(byName.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('refuses the scrape from elsewhere when no METRICS_TOKEN is set', async () => {
    const answer = await harness.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.statusCode).toBe(403);
  });
});

describe('METRICS_TOKEN', () => {
  let tokened: TestApp;
  const token = 'scrape-token-0123456789abcdef';
  beforeAll(async () => {
    tokened = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => tokened.close());

  it('lets a scraper with the bearer token in from anywhere and nobody without it, loopback included', async () => {
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    expect((await tokened.app.inject({ url: '/metrics', headers: { ...remote, authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await tokened.app.inject({ url: '/metrics', headers: { ...remote, authorization: 'Bearer wrong-token-0123456789ab' } })).statusCode).toBe(401);
    expect((await tokened.app.inject({ url: '/metrics' })).statusCode).toBe(401);
  });
});

describe('system_stats', () => {
  const open = (token: string) => {
    const socket = connect(`${baseUrl}${REALTIME.namespace}`, {
      path: REALTIME.path,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return socket;
  };
  const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

  it('carries the metrics and the job queues to the platform administrator, live, and not to others', async () => {
    const manager = await signInAs(harness.app, 'manager@demo.test');
    const adminSocket = open(admin.token);
    const managerSocket = open(manager.token);
    await Promise.all([next(adminSocket, SERVER_EVENTS.connectionConfirmed), next(managerSocket, SERVER_EVENTS.connectionConfirmed)]);
    const firstStats = Promise.all([
      next<SystemStatsPayload>(adminSocket, SERVER_EVENTS.systemStats),
      next<SystemStatsPayload>(managerSocket, SERVER_EVENTS.systemStats),
    ]);
    adminSocket.emit('subscribe_system_stats');
    managerSocket.emit('subscribe_system_stats');
    const [forAdmin, forManager] = await firstStats;
    expect(systemStatsPayload.parse(forAdmin).operations?.queues.map((queue) => queue.name)).toContain('retirements.sweep');
    expect(forManager.operations).toBeUndefined();

    const [update, managerUpdate] = await Promise.all([
      next<SystemStatsPayload>(adminSocket, SERVER_EVENTS.systemStatsUpdate),
      next<SystemStatsPayload>(managerSocket, SERVER_EVENTS.systemStatsUpdate),
    ]);
    expect(systemStatsPayload.parse(update).operations?.metrics.system.uptimeSeconds).toBeGreaterThan(0);
    expect(managerUpdate.operations).toBeUndefined();
  }, 15_000);
});
