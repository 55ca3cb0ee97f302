import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export async function insertNotifications(tx: Tx, rows: NewNotificationRow[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(notifications).values(rows).returning();
}

export async function listForUser(tx: Tx, userId: string, options: { unreadOnly: boolean; limit: number }): Promise<NotificationRow[]> {
  const filter = options.unreadOnly ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);
  return tx.select().from(notifications).where(filter).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(options.limit);
}

export async function countUnread(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Unread counts of several users in one query (a fan-out to a whole company); a user with none is absent. */
export async function countUnreadOfUsers(tx: Tx, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.n)]));
}

export async function markRead(tx: Tx, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await tx
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

export async function markAllRead(tx: Tx, userId: string): Promise<number> {
  const updated = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

export async function activeUserIdsWithRoles(tx: Tx, roles: readonly Role[], companyId?: string): Promise<string[]> {
  const filter = companyId
    ? and(inArray(users.role, [...roles]), eq(users.status, 'active'), eq(users.companyId, companyId))
    : and(inArray(users.role, [...roles]), eq(users.status, 'active'));
  const rows = await tx.select({ id: users.id }).from(users).where(filter);
  return rows.map((row) => row.id);
}
