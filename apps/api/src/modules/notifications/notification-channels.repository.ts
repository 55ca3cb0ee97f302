import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { notificationDeliveries, notificationPreferences, notifications, pushSubscriptions, smsOutbox, users, type OutsideChannel } from '../../db/schema';

export type PreferencesRow = typeof notificationPreferences.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export async function preferencesOf(tx: Tx, userIds: readonly string[]): Promise<PreferencesRow[]> {
  if (userIds.length === 0) return [];
  return tx
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
}

export async function upsertPreferences(tx: Tx, row: Omit<PreferencesRow, 'updatedAt'>): Promise<PreferencesRow> {
  const { userId: _userId, tenantId: _tenantId, ...changes } = row;
  const [saved] = await tx
    .insert(notificationPreferences)
    .values(row)
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return saved!;
}

export async function contactOf(tx: Tx, userId: string): Promise<{ email: string; phone: string | null } | null> {
  const [row] = await tx.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function notificationById(tx: Tx, id: string) {
  const [row] = await tx.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

export async function subscriptionsOf(tx: Tx, userId: string): Promise<PushSubscriptionRow[]> {
  return tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** A browser subscribes again with the same endpoint after a key change: the endpoint's row follows its latest user and keys. */
export async function upsertSubscription(tx: Tx, row: Omit<PushSubscriptionRow, 'id' | 'createdAt'>): Promise<void> {
  await tx
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, tenantId: row.tenantId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent },
    });
}

export async function deleteSubscription(tx: Tx, userId: string, endpoint: string): Promise<number> {
  const deleted = await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length;
}

export async function deleteSubscriptionById(tx: Tx, id: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function insertSms(tx: Tx, row: { tenantId: string; userId: string | null; recipient: string; body: string }): Promise<SmsOutboxRow> {
  const [saved] = await tx.insert(smsOutbox).values(row).returning();
  return saved!;
}

export async function listSms(tx: Tx, limit: number): Promise<SmsOutboxRow[]> {
  return tx.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(limit);
}

/** Claims a notification's delivery on a channel; null when it was claimed before (a repeated job or publish). */
export async function claimDelivery(
  tx: Tx,
  row: { notificationId: string; channel: OutsideChannel; tenantId: string; status: 'held' | 'sent'; deliverAfter: Date | null },
) {
  const [claimed] = await tx.insert(notificationDeliveries).values(row).onConflictDoNothing().returning();
  return claimed ?? null;
}

/** Moves a held delivery to sent (or failed) once; false when it is no longer held. */
export async function finishHeldDelivery(
  tx: Tx,
  notificationId: string,
  channel: OutsideChannel,
  outcome: { status: 'sent' | 'failed'; error: string | null },
): Promise<boolean> {
  const updated = await tx
    .update(notificationDeliveries)
    .set({ status: outcome.status, error: outcome.error, sentAt: outcome.status === 'sent' ? new Date() : null })
    .where(
      and(eq(notificationDeliveries.notificationId, notificationId), eq(notificationDeliveries.channel, channel), eq(notificationDeliveries.status, 'held')),
    )
    .returning({ id: notificationDeliveries.notificationId });
  return updated.length > 0;
}

export async function recordFailure(tx: Tx, notificationId: string, channel: OutsideChannel, error: string): Promise<void> {
  await tx
    .update(notificationDeliveries)
    .set({ status: 'failed', error: error.slice(0, 1000) })
    .where(and(eq(notificationDeliveries.notificationId, notificationId), eq(notificationDeliveries.channel, channel)));
}

export async function deliveriesOf(tx: Tx, notificationId: string): Promise<DeliveryRow[]> {
  return tx.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, notificationId));
}
