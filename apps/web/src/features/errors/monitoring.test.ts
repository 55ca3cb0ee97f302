// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/screen';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn(() => 'tracing'),
  replayIntegration: vi.fn(() => 'replay'),
}));
vi.mock('@sentry/react', () => sentry);

afterEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
});

async function start(sentryDsn: string | null) {
  const reports: unknown[] = [];
  stubApi(({ path, body }) => {
    if (path === '/client-config') return ok({ sentryDsn, environment: 'production' });
    reports.push(body);
    return ok({ received: true });
  });
  const { startMonitoring } = await import('./monitoring');
  startMonitoring();
  return reports;
}

describe('error reporting', () => {
  it('loads Sentry with the sampling of docs/product.md §9 when the API serves a DSN', async () => {
    await start('https://key@o1.ingest.sentry.io/2');
    await waitFor(() => expect(sentry.init).toHaveBeenCalledTimes(1));
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@o1.ingest.sentry.io/2',
        environment: 'production',
        tracesSampleRate: 0.01,
        replaysSessionSampleRate: 0,
        replaysOnErrorSampleRate: 0.05,
        ignoreErrors: [/ResizeObserver loop/],
      }),
    );
  });

  it('sends uncaught errors to POST /logs/frontend-error, never resize-observer notices, and no Sentry without a DSN', async () => {
    const reports = await start(null);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('ResizeObserver loop completed with undelivered notifications.') }));
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined') }));
    // The first test's listeners are still on this window, so the error may arrive once per start.
    await waitFor(() => expect(reports.length).toBeGreaterThan(0));
    for (const report of reports) expect(report).toMatchObject({ name: 'TypeError', message: 'x is undefined', context: { source: 'window.onerror' } });
    expect(sentry.init).not.toHaveBeenCalled();
  });
});
