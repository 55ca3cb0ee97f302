import { EVENT_STREAM_KEEPALIVE_MS, type WebhookEventType } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { bodyOf } from './webhooks.dispatch';
import * as repository from './webhooks.repository';

/** How often an open stream looks for new events in the outbox (any node's, so it works behind a load balancer). */
const STREAM_POLL_MS = 1000;
const STREAM_BATCH = 500;

export interface EventStreamSink {
  write(text: string): void;
  /** Called once when the client goes away. */
  onClose(listener: () => void): void;
  end(): void;
}

export interface EventStreamOptions {
  /** Resume after this outbox id (Last-Event-ID); without it the stream starts with the next event. */
  lastEventId?: bigint;
  types?: readonly WebhookEventType[];
  /** The stream ends then (the credentials that opened it expire); the client reconnects with Last-Event-ID. */
  maxDurationMs: number;
  /**
   * Asked on every poll: false ends the stream, after a comment with `endedText` saying why (the
   * session or API key that opened it was revoked, on any node), so a signed-out or disabled
   * user, or an integration whose key was revoked, expired or rotated, stops hearing events
   * within a poll interval.
   */
  credentials: { stillValid: () => Promise<boolean>; endedText: string };
}

/**
 * docs/product.md §7 server-sent events: the events the webhooks carry (the outbox), the
 * actor's company's or, for platform administrators, the tenant's; each with its outbox id as
 * `id`, its type as `event` and the webhook body as `data`. Comment lines keep idle proxies
 * from closing the connection.
 */
export function streamEvents(db: Database, actor: Actor, options: EventStreamOptions, sink: EventStreamSink): void {
  const audience = { companyId: companyScopeOf(actor) };
  let cursor: bigint | null = options.lastEventId ?? null;
  let closed = false;
  let busy = false;
  sink.write(`retry: 5000\n: connected\n\n`);

  const poll = async () => {
    if (closed || busy) return;
    busy = true;
    try {
      if (!(await options.credentials.stillValid())) {
        sink.write(`: ${options.credentials.endedText}\n\n`);
        sink.end();
        return;
      }
      if (cursor === null) cursor = await db.withTenant(actor.tenantId, (tx) => repository.lastEventId(tx));
      for (;;) {
        const after: bigint = cursor;
        const events = await db.withTenant(actor.tenantId, (tx) => repository.eventsAfter(tx, audience, after, options.types, STREAM_BATCH));
        for (const event of events) {
          if (closed) return;
          sink.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${bodyOf(event.type, event.createdAt, event.data)}\n\n`);
          cursor = event.id;
        }
        if (events.length < STREAM_BATCH) break;
      }
    } catch {
      // A failed read is tried again on the next tick; the cursor did not move past anything unsent.
    } finally {
      busy = false;
    }
  };

  const pollTimer = setInterval(() => void poll(), STREAM_POLL_MS);
  const keepAlive = setInterval(() => sink.write(`: keep-alive\n\n`), EVENT_STREAM_KEEPALIVE_MS);
  const expiry = setTimeout(() => sink.end(), options.maxDurationMs);
  sink.onClose(() => {
    closed = true;
    clearInterval(pollTimer);
    clearInterval(keepAlive);
    clearTimeout(expiry);
  });
  void poll();
}
