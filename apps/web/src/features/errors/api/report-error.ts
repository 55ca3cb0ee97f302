import type { FrontendErrorReport } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

/** docs/product.md §8: resize-observer notices are not errors worth reporting. */
export function isIgnoredError(error: Error): boolean {
  return /ResizeObserver loop/.test(error.message);
}

/** What report forwarding needs of @sentry/react, once monitoring has loaded it (SENTRY_DSN set). */
export interface ErrorForwarder {
  captureException(error: unknown, hint?: { extra?: Record<string, unknown> }): unknown;
}

let forwarder: ErrorForwarder | null = null;

export function forwardErrorsTo(next: ErrorForwarder | null) {
  forwarder = next;
}

/**
 * Sends a report to the API's POST /logs/frontend-error and, when Sentry is on and the caught
 * error is given, to Sentry too (errors an error boundary catches never reach Sentry's global
 * handlers).
 */
export async function reportFrontendError(report: FrontendErrorReport, error?: Error): Promise<void> {
  if (error && forwarder) forwarder.captureException(error, { extra: { ...report.context, componentStack: report.componentStack } });
  try {
    await api.post('/logs/frontend-error', report);
  } catch (failure) {
    console.error('Could not send the error report', failure);
  }
}
