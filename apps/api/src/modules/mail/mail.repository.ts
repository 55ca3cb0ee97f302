import { desc } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { mailOutbox } from '../../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutboxMessage(tx: Tx, message: typeof mailOutbox.$inferInsert): Promise<void> {
  await tx.insert(mailOutbox).values(message);
}

/** The tenant's outbox, newest first. */
export async function listOutbox(tx: Tx, limit: number): Promise<OutboxRow[]> {
  return tx.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
