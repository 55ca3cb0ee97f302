import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { createTestApp, type TestApp } from '../test/test-app';
import { LOGIN_RATE_LIMIT } from './rate-limit';

/** TRUST_PROXY unset: no proxy is assumed, so X-Forwarded-For is only a header a client wrote. */
describe('client addresses with the default TRUST_PROXY', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({
      // Empty counts as unset: the production default, not the harness's loopback proxy.
      env: { TRUST_PROXY: '' },
      routes: async (app) => {
        app.get('/probe/client-ip', async (request) => ({ ip: request.ip }));
      },
    });
  });
  afterAll(() => harness.close());

  it('records the connection address, not a forwarded one', async () => {
    const response = await harness.app.inject({ url: '/probe/client-ip', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('keeps one sign-in rate-limit bucket whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_RATE_LIMIT.max; attempt += 1) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
        payload: { email: `nobody${attempt}@demo.test`, password: 'Wrong!2345' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, LOGIN_RATE_LIMIT.max).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

/** With REDIS_URL the counters are shared: two processes (here two apps) meet one limit per client IP. */
describe('the sign-in rate limit with REDIS_URL', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp({ env: { REDIS_URL: redisUrl } }), createTestApp({ env: { REDIS_URL: redisUrl } })]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('counts the attempts sent to either app in one bucket', async () => {
    // A client address of its own per run: the counters outlive the test in Redis for a minute.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.max + 2; attempt += 1) {
      const response = await (attempt % 2 ? second : first).app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-forwarded-for': ip },
        payload: { email: `nobody${attempt}@demo.test`, password: 'Wrong!2345' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.slice(0, LOGIN_RATE_LIMIT.max)).not.toContain(429);
  });
});
