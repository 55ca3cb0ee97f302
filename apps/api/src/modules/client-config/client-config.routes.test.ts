import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

describe('GET /client-config', () => {
  it('answers no Sentry DSN without SENTRY_DSN, and keeps the browser to its own origin', async () => {
    const harness = await createTestApp();
    try {
      const response = await harness.app.inject({ url: '/api/v1/client-config' });
      expect(response.json().data).toEqual({ sentryDsn: null, environment: 'test' });
      expect(response.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:;");
    } finally {
      await harness.close();
    }
  });

  it('serves SENTRY_DSN at run time, to signed-out browsers too, and lets them reach its ingest host', async () => {
    const dsn = 'https://public0key@o4501.ingest.sentry.io/4502';
    const harness = await createTestApp({ env: { SENTRY_DSN: dsn } });
    try {
      const response = await harness.app.inject({ url: '/api/v1/client-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.sentryDsn).toBe(dsn);
      expect(response.headers['content-security-policy']).toContain("connect-src 'self' ws: wss: https://o4501.ingest.sentry.io;");
    } finally {
      await harness.close();
    }
  });
});
