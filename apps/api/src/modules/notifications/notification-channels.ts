import { notificationPreferenceTexts, type NotificationChannel } from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import type { OutsideChannel } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { notificationMail, sendMail, type MailDeps } from '../mail';
import * as repository from './notification-channels.repository';
import { preferencesOfUsers, quietHoursEnd, wants } from './notification-preferences.service';
import type { Delivery, NotificationContent } from './notifications.service';
import { sendPush, type VapidKeys } from './web-push';

/** docs/product.md §3: where SMS go. The embedded default keeps them in the tenant's sms_outbox table. */
export interface SmsProvider {
  /** Answers where the message went. */
  send(tx: Tx, message: { tenantId: string; userId: string | null; to: string; body: string }): Promise<string>;
}

export const outboxSmsProvider: SmsProvider = {
  async send(tx, message) {
    await repository.insertSms(tx, { tenantId: message.tenantId, userId: message.userId, recipient: message.to, body: message.body });
    return 'sms-outbox';
  },
};

export interface ChannelDeps {
  db: Database;
  mail: MailDeps;
  /** Links in e-mails and pushes must be absolute: the product's public address. */
  publicBaseUrl: string;
  vapid: VapidKeys;
  /** The VAPID subject (RFC 8292 §2.1): a contact for the push services. */
  vapidSubject: string;
  sms: SmsProvider;
}

export interface Recipient {
  tenantId: string;
  userId: string;
}

function smsText(content: NotificationContent): string {
  return `${content.title}: ${content.message}`.slice(0, 480);
}

/**
 * Sends one notification on one outside channel now: e-mail through the mail module (SMTP, or
 * the tenant's outbox), SMS through the provider, push to every device the user subscribed.
 * Answers where it went; a missing phone number or device is a conflict the user can fix.
 */
export async function sendOnChannel(deps: ChannelDeps, channel: OutsideChannel, recipient: Recipient, content: NotificationContent): Promise<string> {
  const link = content.link ? new URL(content.link, deps.publicBaseUrl).toString() : null;
  const contact = await deps.db.withTenant(recipient.tenantId, (tx) => repository.contactOf(tx, recipient.userId));
  if (!contact) throw AppError.notFound('User');
  if (channel === 'email') {
    await sendMail(deps.mail, { tenantId: recipient.tenantId, to: contact.email, kind: 'notification', ...notificationMail({ ...content, link }) });
    return deps.mail.smtpUrl ? 'smtp' : 'outbox';
  }
  if (channel === 'sms') {
    const phone = contact.phone;
    if (!phone) throw new AppError('NOTIFICATION__NO_PHONE');
    return deps.db.withTenant(recipient.tenantId, (tx) =>
      deps.sms.send(tx, { tenantId: recipient.tenantId, userId: recipient.userId, to: phone, body: smsText(content) }),
    );
  }
  const subscriptions = await deps.db.withTenant(recipient.tenantId, (tx) => repository.subscriptionsOf(tx, recipient.userId));
  if (subscriptions.length === 0) throw new AppError('NOTIFICATION__NO_PUSH_SUBSCRIPTION');
  const payload = JSON.stringify({ title: content.title, body: content.message, type: content.type, link });
  let delivered = 0;
  const failures: string[] = [];
  for (const subscription of subscriptions) {
    const outcome = await sendPush(
      deps.vapid,
      deps.vapidSubject,
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
    );
    if (outcome.ok) delivered += 1;
    else {
      failures.push(outcome.error);
      if (outcome.gone) await deps.db.withTenant(recipient.tenantId, (tx) => repository.deleteSubscriptionById(tx, subscription.id));
    }
  }
  if (delivered === 0) throw new AppError('NOTIFICATION__NO_PUSH_SUBSCRIPTION', `${notificationPreferenceTexts.pushUnavailable} (${failures.join('; ')})`);
  return `push (${delivered} device${delivered === 1 ? '' : 's'})`;
}

/** The test notification of docs/product.md §2 on one channel, sent now whatever the preferences and quiet hours. */
export async function sendTestNotification(
  deps: ChannelDeps,
  channel: NotificationChannel,
  recipient: Recipient,
  content: NotificationContent,
): Promise<string> {
  if (channel === 'in_app') return 'in-app';
  return sendOnChannel(deps, channel, recipient, content);
}

export const HELD_DELIVERY_QUEUE = 'notifications.held-delivery';

export interface HeldDeliveryJob {
  tenantId: string;
  notificationId: string;
  channel: OutsideChannel;
}

/** Sends a job's held delivery, once: the row moves from held to sent before the message goes out. */
export async function sendHeldDelivery(deps: ChannelDeps, job: HeldDeliveryJob): Promise<'sent' | 'failed' | 'skipped'> {
  const row = await deps.db.withTenant(job.tenantId, async (tx) => {
    const notification = await repository.notificationById(tx, job.notificationId);
    if (!notification) return null;
    const claimed = await repository.finishHeldDelivery(tx, job.notificationId, job.channel, { status: 'sent', error: null });
    return claimed ? notification : null;
  });
  if (!row) return 'skipped';
  try {
    await sendOnChannel(deps, job.channel, { tenantId: row.tenantId, userId: row.userId }, row);
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.withTenant(job.tenantId, (tx) => repository.recordFailure(tx, job.notificationId, job.channel, message));
    return 'failed';
  }
}

export interface Scheduler {
  /** Queues the held delivery to run at `after`. */
  hold(job: HeldDeliveryJob, after: Date): Promise<void>;
}

const OUTSIDE_CHANNELS: readonly OutsideChannel[] = ['email', 'sms', 'push'];

/**
 * The notifier's outside channels (docs/product.md §3 Notification preferences): for each
 * published notification and each channel the recipient chose for its category, sends it now,
 * or — inside the recipient's quiet hours — records it held and queues a job for when they
 * end. In-app notifications are never held. A delivery is claimed once per notification and
 * channel, so publishing twice sends nothing twice.
 */
export async function deliverOutside(deps: ChannelDeps, scheduler: Scheduler, deliveries: readonly Delivery[], now = new Date()): Promise<void> {
  const byTenant = new Map<string, Delivery[]>();
  for (const delivery of deliveries) byTenant.set(delivery.tenantId, [...(byTenant.get(delivery.tenantId) ?? []), delivery]);
  for (const [tenantId, group] of byTenant) {
    const preferences = await deps.db.withTenant(tenantId, (tx) => preferencesOfUsers(tx, [...new Set(group.map((delivery) => delivery.userId))]));
    for (const delivery of group) {
      const mine = preferences.get(delivery.userId)!;
      const heldUntil = quietHoursEnd(mine, now);
      for (const channel of OUTSIDE_CHANNELS) {
        if (!wants(mine, channel, delivery.notification.type)) continue;
        const claim = {
          notificationId: delivery.notification.id,
          channel,
          tenantId,
          status: heldUntil ? ('held' as const) : ('sent' as const),
          deliverAfter: heldUntil,
        };
        const claimed = await deps.db.withTenant(tenantId, (tx) => repository.claimDelivery(tx, claim));
        if (!claimed) continue;
        if (heldUntil) {
          await scheduler.hold({ tenantId, notificationId: delivery.notification.id, channel }, heldUntil);
          continue;
        }
        try {
          await sendOnChannel(deps, channel, { tenantId, userId: delivery.userId }, delivery.notification);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await deps.db.withTenant(tenantId, (tx) => repository.recordFailure(tx, delivery.notification.id, channel, message));
        }
      }
    }
  }
}
