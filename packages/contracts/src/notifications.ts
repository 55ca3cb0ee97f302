import { z } from 'zod';

export const notificationTypeSchema = z.enum(['TRANSACTION', 'APPROVAL', 'SECURITY', 'SYSTEM']);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** docs/product.md §3 Notification. */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.object({
  unread: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markAllReadResultSchema = z.object({ updated: z.number().int().nonnegative(), unreadCount: z.literal(0) });

/** Test notifications for the channels of docs/product.md §2 (e-mail, SMS, push). */
export const testNotificationRequest = z.object({ channel: z.enum(['email', 'sms', 'push', 'in_app']) });
