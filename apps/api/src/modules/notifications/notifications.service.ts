import type { Notification, NotificationList, NotificationType, Role } from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { preferencesOfUsers, wants } from './notification-preferences.service';
import {
  activeUserIdsWithRoles,
  countUnread,
  countUnreadOfUsers,
  insertNotifications,
  listForUser,
  markAllRead,
  markRead,
  type NotificationRow,
} from './notifications.repository';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    timestamp: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export async function listNotifications(tx: Tx, userId: string, query: { unread?: 'true' | 'false'; limit: number }): Promise<NotificationList> {
  const rows = await listForUser(tx, userId, { unreadOnly: query.unread === 'true', limit: query.limit });
  return { items: rows.map(toNotification), unreadCount: await countUnread(tx, userId) };
}

export async function readNotification(tx: Tx, userId: string, id: string): Promise<{ notification: Notification; unreadCount: number }> {
  const row = await markRead(tx, userId, id);
  if (!row) throw AppError.notFound('Notification');
  return { notification: toNotification(row), unreadCount: await countUnread(tx, userId) };
}

export async function readAllNotifications(tx: Tx, userId: string): Promise<number> {
  return markAllRead(tx, userId);
}

/** How many of the user's notifications are unread: the badge count a socket gets when it connects or subscribes. */
export async function unreadCountOf(database: Database, who: { tenantId: string; userId: string }): Promise<number> {
  return database.withTenant(who.tenantId, (tx) => countUnread(tx, who.userId));
}

export interface NotificationContent {
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
}

/** Who receives it: named users, or every active user holding one of the roles (optionally in one company). */
export type Recipients = { userIds: string[] } | { roles: readonly Role[]; companyId?: string };

export interface Delivery {
  notification: Notification;
  tenantId: string;
  userId: string;
  unreadCount: number;
}

/** Stores one notification per recipient and answers what must be pushed once the transaction commits. */
export async function createNotifications(tx: Tx, tenantId: string, recipients: Recipients, content: NotificationContent): Promise<Delivery[]> {
  const userIds = [...new Set('userIds' in recipients ? recipients.userIds : await activeUserIdsWithRoles(tx, recipients.roles, recipients.companyId))];
  const preferences = await preferencesOfUsers(tx, userIds);
  const now = new Date();
  const rows = await insertNotifications(
    tx,
    userIds.map((userId) => ({
      tenantId,
      userId,
      type: content.type,
      title: content.title,
      message: content.message,
      link: content.link ?? null,
      // In-app turned off for this category: kept in the history, already read, so no badge and no toast.
      readAt: wants(preferences.get(userId)!, 'in_app', content.type) ? null : now,
    })),
  );
  // One query for every recipient's badge: a company-wide notification reaches a thousand users.
  const unread = await countUnreadOfUsers(tx, userIds);
  return rows.map((row) => ({ notification: toNotification(row), tenantId: row.tenantId, userId: row.userId, unreadCount: unread.get(row.userId) ?? 0 }));
}

export interface NotificationPublisher {
  publish(deliveries: Delivery[]): void;
}

/** Creates and, after commit, pushes notifications: the entry point other features call. */
export async function notify(
  database: Database,
  publisher: NotificationPublisher,
  tenantId: string,
  recipients: Recipients,
  content: NotificationContent,
): Promise<Delivery[]> {
  const deliveries = await database.withTenant(tenantId, (tx) => createNotifications(tx, tenantId, recipients, content));
  publisher.publish(deliveries);
  return deliveries;
}
