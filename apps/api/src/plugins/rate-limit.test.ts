import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
