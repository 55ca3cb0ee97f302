import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import type { Finality } from '@carbonledger/chain';
import { chainSubmissions, type SubmissionStatus } from '../../db/schema';

export type SubmissionRow = typeof chainSubmissions.$inferSelect;
export type NewSubmissionRow = typeof chainSubmissions.$inferInsert;

export async function insertSubmission(tx: Tx, row: NewSubmissionRow): Promise<SubmissionRow> {
  const [inserted] = await tx.insert(chainSubmissions).values(row).returning();
  return inserted!;
}

/** A submission signed and about to be sent, recorded as sent in one statement (what insertSubmission + markSent write). */
export async function insertSentSubmission(
  tx: Tx,
  row: Omit<NewSubmissionRow, 'status' | 'signature' | 'signedTxBase64' | 'sentAt'>,
  sent: { signature: string; signedTxBase64: string },
): Promise<SubmissionRow> {
  const [inserted] = await tx
    .insert(chainSubmissions)
    .values({ ...row, status: 'sent', signature: sent.signature, signedTxBase64: sent.signedTxBase64, sentAt: sql`now()` })
    .returning();
  return inserted!;
}

export async function findSubmission(tx: Tx, id: string): Promise<SubmissionRow | null> {
  const [row] = await tx.select().from(chainSubmissions).where(eq(chainSubmissions.id, id));
  return row ?? null;
}

/** Locks the row for the rest of the transaction so two submits of one id cannot both send. */
export async function findSubmissionForUpdate(tx: Tx, id: string): Promise<SubmissionRow | null> {
  const [row] = await tx.select().from(chainSubmissions).where(eq(chainSubmissions.id, id)).for('update');
  return row ?? null;
}

export async function markSent(tx: Tx, id: string, sent: { signature: string; signedTxBase64: string }): Promise<void> {
  await tx
    .update(chainSubmissions)
    .set({ status: 'sent', signature: sent.signature, signedTxBase64: sent.signedTxBase64, sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(chainSubmissions.id, id), eq(chainSubmissions.status, 'pending')));
}

/** Records a decision; only undecided submissions (pending or sent) change. */
export async function markFinished(
  tx: Tx,
  id: string,
  status: Exclude<SubmissionStatus, 'pending' | 'sent'>,
  error: string | null,
  commitment: Finality | null = null,
): Promise<void> {
  await tx
    .update(chainSubmissions)
    .set({ status, error, commitment, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(chainSubmissions.id, id), sql`${chainSubmissions.status} in ('pending', 'sent')`));
}

/** Every tenant's sent-but-undecided submissions, oldest first (system work: the tracker). */
export async function sentSubmissions(tx: Tx, limit: number): Promise<SubmissionRow[]> {
  return tx.select().from(chainSubmissions).where(eq(chainSubmissions.status, 'sent')).orderBy(asc(chainSubmissions.sentAt)).limit(limit);
}
