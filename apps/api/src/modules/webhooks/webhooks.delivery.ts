import { RESTRICTED_ROUTES, webhookTexts } from '@carbonledger/contracts';
import { recordAudit } from '../audit';
import { openSecret } from '../chain';
import { notify } from '../notifications';
import type { DeliveryJob, WebhookDeps } from './webhooks.deps';
import { postWebhook, type HttpOutcome } from './webhooks.http';
import * as repository from './webhooks.repository';
import { webhookHeaders, webhookIdOf } from './webhooks.signing';

/** Longer than one attempt can take (the receiver's timeout and the bookkeeping): a lease outliving it means its runner died. */
const LEASE_SECONDS = 60;

/** The sealed secret opens only on its own endpoint's row (sealSecret's context). */
export function secretContext(endpoint: Pick<repository.EndpointRow, 'tenantId' | 'id'>): string {
  return `webhook-secret:${endpoint.tenantId}:${endpoint.id}`;
}

export function secretOf(deps: Pick<WebhookDeps, 'masterKey'>, endpoint: repository.EndpointRow): string | null {
  return endpoint.secretSealed ? Buffer.from(openSecret(deps.masterKey, endpoint.secretSealed, secretContext(endpoint))).toString('utf8') : null;
}

type Claimed = { message: repository.MessageRow; endpoint: repository.EndpointRow } | null;

/**
 * One attempt of a message (the deliver job). The claim makes a duplicate or stale job a
 * no-op; the attempt is recorded with its status, latency and answer excerpt; a failure
 * schedules the next attempt from the retry schedule, and a message that failed them all
 * while nothing reached the endpoint since its first attempt disables the endpoint and tells
 * the company's administrators (docs/product.md §2 /webhooks).
 */
export async function deliverMessage(deps: WebhookDeps, job: DeliveryJob): Promise<void> {
  const claimed: Claimed = await deps.db.withTenant(job.tenantId, async (tx) => {
    const message = await repository.claimMessage(tx, job.messageId, job.attempt, LEASE_SECONDS);
    if (!message) return null;
    const endpoint = (await repository.findEndpoint(tx, message.endpointId))!;
    if (endpoint.enabled && !endpoint.deletedAt) return { message, endpoint };
    // Disabled or deleted since it was queued: the message is not sent.
    if (message.status === 'pending') await repository.updateMessage(tx, message.id, { status: 'failed', nextAttemptAt: null, leaseUntil: null });
    else await repository.updateMessage(tx, message.id, { leaseUntil: null });
    return null;
  });
  if (!claimed) return;
  const { message, endpoint } = claimed;
  const webhookId = webhookIdOf(message.id);
  const outcome = await postWebhook(endpoint.url, webhookHeaders(secretOf(deps, endpoint), webhookId, message.body, new Date()), message.body, deps.policy);
  const result = await recordOutcome(deps, message, endpoint, outcome, job.attempt === null ? 'manual' : 'automatic');
  if (result.retryAfterSeconds !== null)
    await deps.enqueue({ tenantId: message.tenantId, messageId: message.id, attempt: result.attemptCount }, result.retryAfterSeconds);
  if (result.disabled) {
    await notify(
      deps.db,
      deps.publisher,
      endpoint.tenantId,
      { roles: RESTRICTED_ROUTES['/webhooks'], companyId: endpoint.companyId },
      { type: 'SYSTEM', title: webhookTexts.disabledTitle, message: `${endpoint.url}: ${webhookTexts.disabledMessage}`, link: '/webhooks' },
    );
  }
}

async function recordOutcome(
  deps: WebhookDeps,
  message: repository.MessageRow,
  endpoint: repository.EndpointRow,
  outcome: HttpOutcome,
  trigger: 'automatic' | 'manual',
): Promise<{ retryAfterSeconds: number | null; attemptCount: number; disabled: boolean }> {
  return deps.db.withTenant(message.tenantId, async (tx) => {
    // One clock for the attempt and the endpoint's failing-since, which the disabling rule compares.
    const now = new Date();
    await repository.insertAttempt(tx, { tenantId: message.tenantId, messageId: message.id, trigger, ...outcome, attemptedAt: now });
    if (outcome.succeeded) {
      await repository.updateMessage(tx, message.id, { status: 'delivered', nextAttemptAt: null, leaseUntil: null });
      await repository.updateEndpoint(tx, endpoint.id, { failingSince: null, lastDeliveryAt: now, lastDeliveryStatus: 'delivered' });
      return { retryAfterSeconds: null, attemptCount: message.attemptCount, disabled: false };
    }
    const current = (await repository.findEndpointForUpdate(tx, endpoint.id))!;
    await repository.updateEndpoint(tx, endpoint.id, { failingSince: current.failingSince ?? now, lastDeliveryAt: now, lastDeliveryStatus: 'failed' });
    // A manual redelivery is an extra attempt: it leaves the schedule (and a final failure) as they were.
    if (trigger === 'manual') {
      await repository.updateMessage(tx, message.id, { leaseUntil: null });
      return { retryAfterSeconds: null, attemptCount: message.attemptCount, disabled: false };
    }
    const attemptCount = message.attemptCount + 1;
    const delay = deps.retryScheduleSeconds[attemptCount - 1];
    if (delay !== undefined) {
      await repository.updateMessage(tx, message.id, { attemptCount, nextAttemptAt: new Date(now.getTime() + delay * 1000), leaseUntil: null });
      return { retryAfterSeconds: delay, attemptCount, disabled: false };
    }
    await repository.updateMessage(tx, message.id, { attemptCount, status: 'failed', nextAttemptAt: null, leaseUntil: null });
    const firstAttempt = await repository.firstAttemptAt(tx, message.id);
    const failingThroughout = current.failingSince !== null && firstAttempt !== null && current.failingSince <= firstAttempt;
    if (!failingThroughout || !current.enabled) return { retryAfterSeconds: null, attemptCount, disabled: false };
    await repository.updateEndpoint(tx, endpoint.id, { enabled: false, disabledReason: 'failing', disabledAt: now });
    await recordAudit(tx, {
      tenantId: endpoint.tenantId,
      actorUserId: null,
      action: 'webhook.disabled',
      resourceType: 'webhook',
      resourceId: endpoint.id,
      details: { reason: 'failing', failingSince: current.failingSince!.toISOString(), lastMessage: message.id },
    });
    return { retryAfterSeconds: null, attemptCount, disabled: true };
  });
}
