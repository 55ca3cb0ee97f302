import {
  webhookPayloadSchema,
  webhookTexts,
  type AuditAction,
  type createWebhookRequest,
  type updateWebhookRequest,
  type Webhook,
  type WebhookList,
  type WebhookMessage,
  type WebhookMessageList,
  type WebhookMessageStatus,
  type WebhookWithSecret,
} from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import { actsTenantWide, companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { sealSecret } from '../chain';
import type { WebhookDeps } from './webhooks.deps';
import { secretContext } from './webhooks.delivery';
import { bodyOf } from './webhooks.dispatch';
import * as repository from './webhooks.repository';
import { generateWebhookSecret, webhookIdOf } from './webhooks.signing';
import { assertAllowedWebhookUrl } from './webhooks.url-policy';

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function toWebhook(row: repository.EndpointRow): Webhook {
  return {
    id: row.id,
    companyId: row.companyId,
    url: row.url,
    description: row.description,
    events: row.events,
    signed: row.secretSealed !== null,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    lastDeliveryAt: iso(row.lastDeliveryAt),
    lastDeliveryStatus: row.lastDeliveryStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: repository.MessageRow, attempts: repository.AttemptRow[]): WebhookMessage {
  return {
    id: row.id,
    webhookId: webhookIdOf(row.id),
    eventType: row.eventType,
    status: row.status,
    attemptCount: attempts.length,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    createdAt: row.createdAt.toISOString(),
    payload: webhookPayloadSchema.parse(JSON.parse(row.body)),
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      attemptedAt: attempt.attemptedAt.toISOString(),
      trigger: attempt.trigger,
      statusCode: attempt.statusCode,
      succeeded: attempt.succeeded,
      latencyMs: attempt.latencyMs,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}

/** Another company's endpoint (or a deleted one) answers as unknown to an actor confined to their company. */
async function visibleEndpoint(tx: Tx, actor: Actor, id: string, forUpdate = false): Promise<repository.EndpointRow> {
  const row = forUpdate ? await repository.findEndpointForUpdate(tx, id) : await repository.findEndpoint(tx, id);
  const scope = companyScopeOf(actor);
  if (!row || row.deletedAt || (scope && row.companyId !== scope)) throw AppError.notFound('Webhook');
  return row;
}

function audit(tx: Tx, actor: Actor, action: AuditAction, endpoint: repository.EndpointRow, details: Record<string, unknown> = {}) {
  return recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    resourceType: 'webhook',
    resourceId: endpoint.id,
    details: { url: endpoint.url, events: endpoint.events, ...details },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

export async function listWebhooks(deps: WebhookDeps, actor: Actor): Promise<WebhookList> {
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => repository.listEndpoints(tx, { companyId: companyScopeOf(actor) }));
  return { items: rows.map(toWebhook) };
}

export async function getWebhook(deps: WebhookDeps, actor: Actor, id: string): Promise<Webhook> {
  return toWebhook(await deps.db.withTenant(actor.tenantId, (tx) => visibleEndpoint(tx, actor, id)));
}

/**
 * docs/product.md §3 Webhook: URL, events, optional secret. The endpoint is the actor's
 * company's; one created by a platform administrator hears every company of the tenant, as
 * their screens do. A signed endpoint's secret is generated here and answered this once.
 */
export async function createWebhook(deps: WebhookDeps, actor: Actor, request: z.output<typeof createWebhookRequest>): Promise<WebhookWithSecret> {
  await assertAllowedWebhookUrl(request.url, deps.policy);
  const secret = request.signed ? generateWebhookSecret() : null;
  const row = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const inserted = await repository.insertEndpoint(tx, {
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      tenantWide: actsTenantWide(actor),
      url: request.url,
      description: request.description,
      events: request.events,
      createdBy: actor.userId,
    });
    const sealed = secret
      ? await repository.updateEndpoint(tx, inserted.id, { secretSealed: sealSecret(deps.masterKey, Buffer.from(secret), secretContext(inserted)) })
      : inserted;
    await audit(tx, actor, 'webhook.created', sealed, { signed: secret !== null });
    return sealed;
  });
  return { webhook: toWebhook(row), secret };
}

export async function updateWebhook(deps: WebhookDeps, actor: Actor, id: string, changes: z.output<typeof updateWebhookRequest>): Promise<Webhook> {
  if (changes.url !== undefined) await assertAllowedWebhookUrl(changes.url, deps.policy);
  const row = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const before = await visibleEndpoint(tx, actor, id, true);
    const enabling = changes.enabled === true && !before.enabled;
    const disabling = changes.enabled === false && before.enabled;
    const after = await repository.updateEndpoint(tx, id, {
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.events !== undefined ? { events: changes.events } : {}),
      // Enabling starts afresh: the failures that disabled it are behind it.
      ...(enabling ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
      ...(disabling ? { enabled: false, disabledReason: 'manual' as const, disabledAt: new Date() } : {}),
    });
    await audit(tx, actor, enabling ? 'webhook.enabled' : disabling ? 'webhook.disabled' : 'webhook.updated', after, {
      changed: Object.keys(changes),
      ...(before.url !== after.url ? { previousUrl: before.url } : {}),
    });
    return after;
  });
  return toWebhook(row);
}

/** Deleted endpoints receive nothing more; their delivery log stays for the audit trail. */
export async function deleteWebhook(deps: WebhookDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    await visibleEndpoint(tx, actor, id, true);
    const after = await repository.updateEndpoint(tx, id, { deletedAt: new Date(), enabled: false, disabledReason: 'manual', disabledAt: new Date() });
    await audit(tx, actor, 'webhook.deleted', after);
  });
}

/** A new secret, answered once; the old one stops signing at once. */
export async function rotateWebhookSecret(deps: WebhookDeps, actor: Actor, id: string): Promise<WebhookWithSecret> {
  const secret = generateWebhookSecret();
  const row = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const endpoint = await visibleEndpoint(tx, actor, id, true);
    const after = await repository.updateEndpoint(tx, id, { secretSealed: sealSecret(deps.masterKey, Buffer.from(secret), secretContext(endpoint)) });
    await audit(tx, actor, 'webhook.secret_rotated', after);
    return after;
  });
  return { webhook: toWebhook(row), secret };
}

export async function listWebhookMessages(
  deps: WebhookDeps,
  actor: Actor,
  id: string,
  query: { status?: WebhookMessageStatus; limit: number },
): Promise<WebhookMessageList> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await visibleEndpoint(tx, actor, id);
    const messages = await repository.listMessages(tx, id, query.status, query.limit);
    const attempts = await repository.attemptsOf(
      tx,
      messages.map((message) => message.id),
    );
    return {
      items: messages.map((message) =>
        toMessage(
          message,
          attempts.filter((attempt) => attempt.messageId === message.id),
        ),
      ),
    };
  });
}

/** "Send test event": a webhook.test message to this endpoint alone, delivered like any other (retries included). */
export async function sendTestEvent(deps: WebhookDeps, actor: Actor, id: string): Promise<WebhookMessage> {
  const message = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const endpoint = await visibleEndpoint(tx, actor, id);
    if (!endpoint.enabled) throw new AppError('WEBHOOK__DISABLED');
    const [row] = await repository.insertMessages(tx, [
      {
        tenantId: actor.tenantId,
        endpointId: endpoint.id,
        eventType: 'webhook.test',
        body: bodyOf('webhook.test', new Date(), { webhookId: endpoint.id, message: webhookTexts.testMessage }),
        nextAttemptAt: new Date(),
      },
    ]);
    await audit(tx, actor, 'webhook.test_sent', endpoint, { messageId: row!.id });
    return row!;
  });
  await deps.enqueue({ tenantId: actor.tenantId, messageId: message.id, attempt: 0 });
  return toMessage(message, []);
}

/** Manual redelivery: one more attempt now with the same webhook-id and body; the retry schedule is left as it was. */
export async function redeliverMessage(deps: WebhookDeps, actor: Actor, id: string, messageId: string): Promise<WebhookMessage> {
  const message = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const endpoint = await visibleEndpoint(tx, actor, id);
    const row = await repository.findMessage(tx, messageId);
    if (!row || row.endpointId !== endpoint.id) throw AppError.notFound('Webhook delivery');
    if (!endpoint.enabled) throw new AppError('WEBHOOK__DISABLED');
    await audit(tx, actor, 'webhook.redelivered', endpoint, { messageId });
    return row;
  });
  await deps.enqueue({ tenantId: actor.tenantId, messageId: message.id, attempt: null });
  return toMessage(message, []);
}
