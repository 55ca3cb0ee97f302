import { boolean, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { ChannelMatrix } from '@carbonledger/contracts';
import { at, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';
import { notifications } from './notifications';

/** docs/product.md §3 Notification preferences, one row per user who saved them (migration 0037). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: userRef('user_id').primaryKey(),
  tenantId: tenantId(),
  channels: jsonb('channels').$type<ChannelMatrix>().notNull(),
  quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(false),
  quietStart: text('quiet_start').notNull(),
  quietEnd: text('quiet_end').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: updatedAt(),
});

/** A browser (device) subscribed to Web Push for a user. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: generatedId(),
  tenantId: tenantId(),
  userId: userRef('user_id').notNull(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

/** SMS kept by the local outbox driver; administrators read them. */
export const smsOutbox = pgTable('sms_outbox', {
  id: generatedId(),
  tenantId: tenantId(),
  userId: userRef('user_id'),
  recipient: text('recipient').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

export type OutsideChannel = 'email' | 'sms' | 'push';
export type DeliveryStatus = 'held' | 'sent' | 'failed';

/** One notification on one outside channel: held until quiet hours end, then sent once. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id),
    channel: text('channel').$type<OutsideChannel>().notNull(),
    tenantId: tenantId(),
    status: text('status').$type<DeliveryStatus>().notNull(),
    deliverAfter: at('deliver_after'),
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.channel] })],
);
