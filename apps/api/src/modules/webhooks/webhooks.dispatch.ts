import type { WebhookEventType, WebhookPayload } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { DeliveryJob, WebhookDeps } from './webhooks.deps';
import * as repository from './webhooks.repository';

/** Events turned into messages per pass; a busier outbox is emptied over consecutive passes. */
const DISPATCH_BATCH = 200;
/** A pending message this long past its attempt time with no runner lost its job. */
const OVERDUE_GRACE_SECONDS = 60;

/** The exact body of a delivery: Standard Webhooks' `{ type, timestamp, data }`. */
export function bodyOf(type: WebhookEventType, at: Date, data: Record<string, unknown>): string {
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data };
  return JSON.stringify(payload);
}

/**
 * One pass of the dispatcher: the outbox's new events become one message per subscribed
 * endpoint (unique per endpoint and event, so a pass repeated after a crash adds none), in one
 * transaction with marking the events dispatched; their first attempts are queued once that
 * committed. Answers how many messages it queued.
 */
export async function dispatchPendingEvents(deps: Pick<WebhookDeps, 'db' | 'enqueue'>): Promise<number> {
  const jobs = await deps.db.asSystem(async (tx) => {
    const events = await repository.lockUndispatchedEvents(tx, DISPATCH_BATCH);
    const queued: DeliveryJob[] = [];
    for (const event of events) {
      const endpoints = await repository.subscribedEndpoints(tx, event);
      const body = bodyOf(event.type, event.createdAt, event.data);
      const messages = await repository.insertMessages(
        tx,
        endpoints.map((endpoint) => ({
          tenantId: event.tenantId,
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          body,
          nextAttemptAt: new Date(),
        })),
      );
      queued.push(...messages.map((message) => ({ tenantId: message.tenantId, messageId: message.id, attempt: 0 })));
    }
    await repository.markDispatched(
      tx,
      events.map((event) => event.id),
    );
    return queued;
  });
  for (const job of jobs) await deps.enqueue(job);
  return jobs.length;
}

/** Queues again the attempts whose job was lost (a crash after the commit that scheduled them). A duplicate is harmless: the claim lets one run. */
export async function requeueOverdueMessages(deps: Pick<WebhookDeps, 'enqueue'> & { db: Database }): Promise<number> {
  const overdue = await deps.db.asSystem((tx) => repository.overdueMessages(tx, OVERDUE_GRACE_SECONDS, DISPATCH_BATCH));
  for (const message of overdue) await deps.enqueue({ tenantId: message.tenantId, messageId: message.id, attempt: message.attemptCount });
  return overdue.length;
}
