import { and, arrayContains, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType, WebhookMessageStatus } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { webhookAttempts, webhookEndpoints, webhookEvents, webhookMessages } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpointRow = typeof webhookEndpoints.$inferInsert;
export type EventRow = typeof webhookEvents.$inferSelect;
export type MessageRow = typeof webhookMessages.$inferSelect;
export type NewMessageRow = typeof webhookMessages.$inferInsert;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewAttemptRow = typeof webhookAttempts.$inferInsert;

/** Which events a reader hears: one company's, or (tenant-wide) every event of the tenant. */
export interface EventAudience {
  companyId?: string;
}

export async function insertEvent(tx: Tx, row: typeof webhookEvents.$inferInsert): Promise<void> {
  await tx.insert(webhookEvents).values(row);
}

/** Events not yet turned into messages, oldest first, locked so that two dispatchers share the work. */
export async function lockUndispatchedEvents(tx: Tx, limit: number): Promise<EventRow[]> {
  return tx
    .select()
    .from(webhookEvents)
    .where(isNull(webhookEvents.dispatchedAt))
    .orderBy(asc(webhookEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDispatched(tx: Tx, ids: bigint[]): Promise<void> {
  if (ids.length > 0) await tx.update(webhookEvents).set({ dispatchedAt: new Date() }).where(inArray(webhookEvents.id, ids));
}

/** The enabled endpoints subscribed to the event: the company's own and the tenant-wide ones. */
export async function subscribedEndpoints(tx: Tx, event: Pick<EventRow, 'tenantId' | 'companyId' | 'type'>): Promise<EndpointRow[]> {
  const audience = event.companyId
    ? or(eq(webhookEndpoints.tenantWide, true), eq(webhookEndpoints.companyId, event.companyId))
    : eq(webhookEndpoints.tenantWide, true);
  return tx
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.tenantId, event.tenantId),
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.deletedAt),
        arrayContains(webhookEndpoints.events, [event.type]),
        audience,
      ),
    );
}

/** The events after `afterId` a stream's reader hears, oldest first. */
export async function eventsAfter(
  tx: Tx,
  audience: EventAudience,
  afterId: bigint,
  types: readonly WebhookEventType[] | undefined,
  limit: number,
): Promise<EventRow[]> {
  const conditions: SQL[] = [gt(webhookEvents.id, afterId)];
  if (audience.companyId) conditions.push(eq(webhookEvents.companyId, audience.companyId));
  if (types) conditions.push(inArray(webhookEvents.type, [...types]));
  return tx
    .select()
    .from(webhookEvents)
    .where(and(...conditions))
    .orderBy(asc(webhookEvents.id))
    .limit(limit);
}

export async function lastEventId(tx: Tx): Promise<bigint> {
  const [row] = await tx.select({ id: sql<string | null>`max(${webhookEvents.id})` }).from(webhookEvents);
  return BigInt(row?.id ?? 0);
}

export async function insertEndpoint(tx: Tx, row: NewEndpointRow): Promise<EndpointRow> {
  const [inserted] = await tx.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export async function listEndpoints(tx: Tx, audience: EventAudience): Promise<EndpointRow[]> {
  const conditions: SQL[] = [isNull(webhookEndpoints.deletedAt)];
  if (audience.companyId) conditions.push(eq(webhookEndpoints.companyId, audience.companyId));
  return tx
    .select()
    .from(webhookEndpoints)
    .where(and(...conditions))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function findEndpoint(tx: Tx, id: string): Promise<EndpointRow | undefined> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function findEndpointForUpdate(tx: Tx, id: string): Promise<EndpointRow | undefined> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  return row;
}

export async function updateEndpoint(tx: Tx, id: string, changes: Partial<NewEndpointRow>): Promise<EndpointRow> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function insertMessages(tx: Tx, rows: NewMessageRow[]): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(webhookMessages).values(rows).onConflictDoNothing().returning();
}

export async function findMessage(tx: Tx, id: string): Promise<MessageRow | undefined> {
  const [row] = await tx.select().from(webhookMessages).where(eq(webhookMessages.id, id));
  return row;
}

export async function listMessages(tx: Tx, endpointId: string, status: WebhookMessageStatus | undefined, limit: number): Promise<MessageRow[]> {
  const conditions: SQL[] = [eq(webhookMessages.endpointId, endpointId)];
  if (status) conditions.push(eq(webhookMessages.status, status));
  return tx
    .select()
    .from(webhookMessages)
    .where(and(...conditions))
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(limit);
}

export async function attemptsOf(tx: Tx, messageIds: string[]): Promise<AttemptRow[]> {
  if (messageIds.length === 0) return [];
  return tx.select().from(webhookAttempts).where(inArray(webhookAttempts.messageId, messageIds)).orderBy(desc(webhookAttempts.attemptedAt));
}

/**
 * Takes the message for one attempt, for `leaseSeconds`: only if no other runner holds it and,
 * for a scheduled attempt, only while it still waits for exactly that attempt. Null: nothing to do.
 */
export async function claimMessage(tx: Tx, id: string, attempt: number | null, leaseSeconds: number): Promise<MessageRow | undefined> {
  const free = or(isNull(webhookMessages.leaseUntil), lt(webhookMessages.leaseUntil, sql`now()`));
  const expected = attempt === null ? undefined : and(eq(webhookMessages.status, 'pending'), eq(webhookMessages.attemptCount, attempt));
  const [row] = await tx
    .update(webhookMessages)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(webhookMessages.id, id), free, expected))
    .returning();
  return row;
}

export async function updateMessage(tx: Tx, id: string, changes: Partial<NewMessageRow>): Promise<MessageRow> {
  const [row] = await tx.update(webhookMessages).set(changes).where(eq(webhookMessages.id, id)).returning();
  return row!;
}

export async function insertAttempt(tx: Tx, row: NewAttemptRow): Promise<void> {
  await tx.insert(webhookAttempts).values(row);
}

export async function firstAttemptAt(tx: Tx, messageId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: webhookAttempts.attemptedAt })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.messageId, messageId), eq(webhookAttempts.trigger, 'automatic')))
    .orderBy(asc(webhookAttempts.attemptedAt))
    .limit(1);
  return row?.at ?? null;
}

/** Pending messages whose attempt is overdue and that no runner holds: their job was lost (a crash between commit and queueing). */
export async function overdueMessages(tx: Tx, graceSeconds: number, limit: number): Promise<MessageRow[]> {
  return tx
    .select()
    .from(webhookMessages)
    .where(
      and(
        eq(webhookMessages.status, 'pending'),
        lt(webhookMessages.nextAttemptAt, sql`now() - make_interval(secs => ${graceSeconds})`),
        or(isNull(webhookMessages.leaseUntil), lt(webhookMessages.leaseUntil, sql`now()`)),
      ),
    )
    .limit(limit);
}
