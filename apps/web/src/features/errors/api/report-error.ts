import type { FrontendErrorReport } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

/** docs/product.md §8: resize-observer notices are not errors worth reporting. */
export function isIgnoredError(error: Error): boolean {
  return /ResizeObserver loop/.test(error.message);
}

export async function reportFrontendError(report: FrontendErrorReport): Promise<void> {
  try {
    await api.post('/logs/frontend-error', report);
  } catch (error) {
    console.error('Could not send the error report', error);
  }
}
