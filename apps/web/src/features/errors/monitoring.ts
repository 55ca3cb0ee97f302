import { clientConfigSchema, ERROR_REPORT_SAMPLING, PERFORMANCE_REPORT_NAME, type ClientConfig } from '@carbonledger/contracts';
import { api } from '../../lib/api';
import { forwardErrorsTo, isIgnoredError, reportFrontendError } from './api/report-error';

/** Runs `work` once the page has loaded: at once when this module arrives after the load event. */
function afterLoad(work: () => void) {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', work, { once: true });
}

const asError = (value: unknown): Error =>
  value instanceof Error ? value : new Error(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

function reportUncaught(error: Error, source: string) {
  if (isIgnoredError(error)) return;
  void reportFrontendError({
    name: error.name.slice(0, 200) || 'Error',
    message: error.message.slice(0, 4000),
    stack: error.stack?.slice(0, 20_000),
    context: { source, url: window.location.href },
  });
}

/** Page-load timings (navigation timing and the largest contentful paint), once per load. */
function reportPerformance() {
  let largestPaint: number | null = null;
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last) largestPaint = Math.round(last.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }
  afterLoad(() => {
    // After the load event has finished, so that loadEventEnd is filled in; the paint settles within a few seconds.
    window.setTimeout(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      if (!navigation) return;
      const timings = {
        timeToFirstByteMs: Math.round(navigation.responseStart),
        domContentLoadedMs: Math.round(navigation.domContentLoadedEventEnd),
        loadMs: Math.round(navigation.loadEventEnd),
        largestContentfulPaintMs: largestPaint,
        transferBytes: navigation.transferSize,
      };
      void reportFrontendError({
        name: PERFORMANCE_REPORT_NAME,
        message: `${window.location.pathname} loaded in ${timings.loadMs} ms`,
        context: { ...timings, url: window.location.href },
      });
    }, 3000);
  });
}

/**
 * Sentry, only when the API says SENTRY_DSN is set: @sentry/react is loaded on demand, so
 * the /login bundle does not carry it (bench/web-bundle.bench.ts). Sampling per docs/product.md §9.
 */
async function startSentry(config: ClientConfig) {
  if (!config.sentryDsn) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environment,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    ...ERROR_REPORT_SAMPLING,
    ignoreErrors: [/ResizeObserver loop/],
  });
  forwardErrorsTo(Sentry);
}

/** docs/product.md §7: registered at page load in production builds (the dev server has no /sw.js worth caching a page for). */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterLoad(() => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The service worker could not be registered', error));
  });
}

/** Error and performance reporting (docs/product.md §7) and the service worker: started once, before the app renders. */
export function startMonitoring() {
  window.addEventListener('error', (event) => reportUncaught(asError(event.error ?? event.message), 'window.onerror'));
  window.addEventListener('unhandledrejection', (event) => reportUncaught(asError(event.reason), 'unhandledrejection'));
  reportPerformance();
  registerServiceWorker();
  api
    .get('/client-config', clientConfigSchema)
    .then(startSentry)
    .catch((error: unknown) => console.warn('Error reporting to Sentry is off: the client configuration could not be read', error));
}
