import { webhookTexts } from '../webhooks';
import { domainError } from './define';

/** The webhooks domain's business failures (docs/architecture.md "Errors"). */
export const webhookErrors = {
  /** In production an endpoint must use https. */
  WEBHOOK__HTTPS_REQUIRED: domainError('VALIDATION_ERROR', webhookTexts.httpsRequired),
  /** The URL names, or resolves to, a private, loopback or link-local address (SSRF). */
  WEBHOOK__PRIVATE_TARGET: domainError('VALIDATION_ERROR', webhookTexts.privateTarget),
  WEBHOOK__UNRESOLVABLE: domainError('VALIDATION_ERROR', webhookTexts.unresolvable),
  /** A test event or a redelivery to a disabled endpoint. */
  WEBHOOK__DISABLED: domainError('CONFLICT', webhookTexts.endpointDisabled),
} as const;
