import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { NotificationPublisher } from '../notifications';
import type { UrlPolicy } from './webhooks.url-policy';

/** What the webhook services need from the app, built once by `webhookDepsOf(app)`. */
export interface WebhookDeps {
  db: Database;
  masterKey: Buffer;
  publisher: NotificationPublisher;
  policy: UrlPolicy;
  /** Seconds between attempts; a message that failed them all fails for good. */
  retryScheduleSeconds: readonly number[];
  /** Queues an attempt of a message (pg-boss); `afterSeconds` delays it. */
  enqueue(job: DeliveryJob, afterSeconds?: number): Promise<void>;
}

/** One attempt to run: `attempt` is the message's attempt count it expects (a stale duplicate finds another and does nothing); null for a manual redelivery. */
export interface DeliveryJob {
  tenantId: string;
  messageId: string;
  attempt: number | null;
}

export const WEBHOOK_DELIVER_QUEUE = 'webhooks.deliver';

export function webhookDepsOf(app: FastifyInstance): WebhookDeps {
  return {
    db: app.db,
    masterKey: app.masterKey,
    publisher: app.live,
    // WEBHOOK_ALLOW_PRIVATE_TARGETS lifts the production rule for deployments whose receivers are on a private network.
    policy: { production: app.config.env === 'production' && !app.config.webhookAllowPrivateTargets },
    retryScheduleSeconds: app.config.webhookRetryScheduleSeconds,
    async enqueue(job, afterSeconds) {
      await app.jobs.send(WEBHOOK_DELIVER_QUEUE, { ...job }, afterSeconds ? { startAfter: Math.ceil(afterSeconds) } : {});
    },
  };
}
