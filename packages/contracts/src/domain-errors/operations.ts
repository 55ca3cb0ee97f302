import { operationsTexts } from '../operations';
import { domainError } from './define';

/** The operations screens' business failures (docs/architecture.md "Errors"). */
export const operationErrors = {
  /** Queues, cache and process figures are the deployment's: the platform company's ADMIN or SUPER_ADMIN only. */
  OPERATIONS__PLATFORM_ONLY: domainError('ACCESS_DENIED', operationsTexts.platformOnly),
  OPERATIONS__JOB_NOT_FOUND: domainError('NOT_FOUND', operationsTexts.jobNotFound),
  OPERATIONS__JOB_NOT_RETRYABLE: domainError('CONFLICT', operationsTexts.jobNotRetryable),
  OPERATIONS__JOB_NOT_CANCELLABLE: domainError('CONFLICT', operationsTexts.jobNotCancellable),
  OPERATIONS__QUEUE_NOT_FOUND: domainError('NOT_FOUND', operationsTexts.queueNotFound),
} as const;
