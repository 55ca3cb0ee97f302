import fp from 'fastify-plugin';
import { ABANDONED_JOB_SECONDS } from '../../plugins/jobs';
import { mailDepsOf } from '../mail';
import {
  deliverOutside,
  HELD_DELIVERY_QUEUE,
  outboxSmsProvider,
  sendHeldDelivery,
  type ChannelDeps,
  type HeldDeliveryJob,
  type Scheduler,
} from './notification-channels';
import type { Delivery } from './notifications.service';
import { vapidKeysOf } from './web-push';

export interface NotificationChannels {
  deps: ChannelDeps;
  /** Hands published notifications to their e-mail, SMS and push channels; returns at once. */
  deliver(deliveries: readonly Delivery[]): void;
  /** Resolves when every delivery handed over so far has been sent, held or failed (tests, shutdown). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationChannels: NotificationChannels;
  }
}

function vapidSubjectOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/** The notifier's e-mail, SMS and push channels and the queue that sends what quiet hours held back. */
export const notificationChannelsPlugin = fp(async (app) => {
  const deps: ChannelDeps = {
    db: app.db,
    mail: mailDepsOf(app),
    publicBaseUrl: app.publicBaseUrl,
    vapid: vapidKeysOf(app.config),
    vapidSubject: vapidSubjectOf(app.config.mailFrom),
    sms: outboxSmsProvider,
  };
  if (!(await app.jobs.getQueue(HELD_DELIVERY_QUEUE))) {
    await app.jobs.createQueue(HELD_DELIVERY_QUEUE, { name: HELD_DELIVERY_QUEUE, expireInSeconds: ABANDONED_JOB_SECONDS, retryLimit: 3 });
  }
  if (app.config.role !== 'api') {
    await app.jobs.work<HeldDeliveryJob>(HELD_DELIVERY_QUEUE, async (jobs) => {
      for (const job of jobs) await sendHeldDelivery(deps, job.data);
    });
  }
  const scheduler: Scheduler = {
    async hold(job, after) {
      await app.jobs.send(HELD_DELIVERY_QUEUE, job, { startAfter: after, singletonKey: `${job.notificationId}:${job.channel}` });
    },
  };
  let pending: Promise<void> = Promise.resolve();
  app.decorate('notificationChannels', {
    deps,
    deliver(deliveries) {
      // One after the other: a burst of notifications does not open a connection per message.
      pending = pending
        .then(() => deliverOutside(deps, scheduler, deliveries))
        .catch((error: unknown) => app.log.error({ err: error }, 'notifications: outside channels failed'));
    },
    settled: () => pending,
  });
  app.addHook('preClose', async () => pending);
});
