import { z } from 'zod';

/**
 * GET /client-config (docs/product.md §7 error reporting): what the browser reads at start,
 * served at run time so that no deployment value is baked into the bundle. The Sentry DSN is
 * null when SENTRY_DSN is not set: errors then go to the API only.
 */
export const clientConfigSchema = z.object({
  sentryDsn: z.string().nullable(),
  environment: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** docs/product.md §9 error-report sampling. */
export const ERROR_REPORT_SAMPLING = {
  tracesSampleRate: 0.01,
  replaysSessionSampleRate: 0,
  replaysOnErrorSampleRate: 0.05,
} as const;

/** The name a browser performance report carries on POST /logs/frontend-error (logged at info, not as an error). */
export const PERFORMANCE_REPORT_NAME = 'PerformanceReport';
