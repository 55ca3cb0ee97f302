import { webhookEventCatalogue, type WebhookEventData, type WebhookEventType } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { insertEvent } from './webhooks.repository';

export interface WebhookEvent<T extends WebhookEventType> {
  tenantId: string;
  /** The company the event is about; null for an event of no one company (heard by tenant-wide endpoints and streams only). */
  companyId: string | null;
  type: T;
  data: WebhookEventData<T>;
}

/**
 * Records an event in the outbox, inside the caller's transaction: it exists exactly when the
 * business change it reports committed, and webhooks and the event stream announce it only
 * then (docs/product.md §2 /webhooks, §7). The data is checked against the catalogue, so what
 * integrators receive is what /api-docs documents.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(tx: Tx, event: WebhookEvent<T>): Promise<void> {
  const data = webhookEventCatalogue[event.type].data.parse(event.data) as Record<string, unknown>;
  await insertEvent(tx, { tenantId: event.tenantId, companyId: event.companyId, type: event.type, data });
}
