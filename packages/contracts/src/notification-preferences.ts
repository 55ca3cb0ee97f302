import { z } from 'zod';
import { notificationTypeSchema } from './notifications';
import { singleLineText } from './text';

/** docs/product.md §3 Notification preferences: the delivery channels. */
export const notificationChannelSchema = z.enum(['email', 'sms', 'push', 'in_app']);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;
export const NOTIFICATION_CHANNELS = notificationChannelSchema.options;
export const NOTIFICATION_CATEGORIES = notificationTypeSchema.options;

export const notificationPreferenceTexts = {
  loadFailed: 'Failed to load notification settings. Please try again later.',
  saved: 'Notification preferences saved.',
  badTime: 'Use a time of day as HH:MM (00:00 to 23:59).',
  badTimeZone: 'Unknown time zone.',
  noPushSubscription: 'Push notifications are not enabled on any of your devices.',
  noPhone: 'Add a phone number to your profile to receive SMS notifications.',
  pushUnavailable: 'Push notifications could not be delivered to this device.',
  subscribed: 'Push notifications enabled on this device.',
  unsubscribed: 'Push notifications disabled on this device.',
} as const;

/** Whether a channel carries each category. */
export const categoryFlagsSchema = z.object({
  TRANSACTION: z.boolean(),
  APPROVAL: z.boolean(),
  SECURITY: z.boolean(),
  SYSTEM: z.boolean(),
});
export type CategoryFlags = z.infer<typeof categoryFlagsSchema>;

export const channelMatrixSchema = z.object({
  email: categoryFlagsSchema,
  sms: categoryFlagsSchema,
  push: categoryFlagsSchema,
  in_app: categoryFlagsSchema,
});
export type ChannelMatrix = z.infer<typeof channelMatrixSchema>;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, notificationPreferenceTexts.badTime);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name the runtime knows (e.g. Europe/Lisbon). */
export const timeZoneSchema = singleLineText().min(1).max(64).refine(isTimeZone, notificationPreferenceTexts.badTimeZone);

/**
 * Quiet hours, local times in `timeZone`: e-mail, SMS and push wait until they end; in-app
 * notifications still arrive. An end before the start spans midnight (22:00 to 07:00).
 */
export const quietHoursSchema = z.object({ enabled: z.boolean(), start: timeOfDay, end: timeOfDay });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** GET and PUT /notifications/preferences. */
export const notificationPreferencesSchema = z.object({
  channels: channelMatrixSchema,
  quietHours: quietHoursSchema,
  timeZone: timeZoneSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What a user has before saving preferences: every category in the app, nothing sent outside it. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  channels: {
    email: { TRANSACTION: false, APPROVAL: false, SECURITY: false, SYSTEM: false },
    sms: { TRANSACTION: false, APPROVAL: false, SECURITY: false, SYSTEM: false },
    push: { TRANSACTION: false, APPROVAL: false, SECURITY: false, SYSTEM: false },
    in_app: { TRANSACTION: true, APPROVAL: true, SECURITY: true, SYSTEM: true },
  },
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  timeZone: 'UTC',
};

const base64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url.');

/** POST /notifications/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: base64Url.max(200), auth: base64Url.max(100) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** The same endpoint a subscription was saved with (a push service's https or http URL). */
export const pushUnsubscribeRequest = z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(2000) });

/** GET /notifications/push/config: the VAPID public key the browser subscribes with. */
export const pushConfigSchema = z.object({ publicKey: z.string(), subscriptions: z.number().int().nonnegative() });
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** GET /notifications/sms-outbox: SMS the local outbox driver kept (administrators). */
export const smsOutboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type SmsOutboxMessage = z.infer<typeof smsOutboxMessageSchema>;

/** POST /notifications/test answer: where the message went (in-app, smtp, outbox, push, sms-outbox). */
export const testNotificationResultSchema = z.object({ channel: notificationChannelSchema, deliveredTo: z.string() });
export type TestNotificationResult = z.infer<typeof testNotificationResultSchema>;
