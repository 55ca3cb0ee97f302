import type { Base64EncodedWireTransaction, Signature } from '@solana/kit';
import { describeTransactionError, meetsFinality, TransactionRejectedError, type ChainClient, type Finality } from '@carbonledger/chain';
import { markFinished, sentSubmissions, type SubmissionRow } from './submissions.repository';
import type { ChainContext } from './submissions.service';

/**
 * One pass of the tracker over every tenant's sent submissions: records what the chain
 * decided, resends the same bytes while the blockhash is still valid, and marks the rest
 * expired. Returns how many are still undecided.
 */
export async function trackSentSubmissions(context: Pick<ChainContext, 'db' | 'chain'>, limit = 200): Promise<number> {
  const rows = await context.db.asSystem((tx) => sentSubmissions(tx, limit));
  let undecided = 0;
  for (const row of rows) {
    const decision = await decideSubmission(context.chain, row);
    if (decision === null) {
      undecided++;
      continue;
    }
    await context.db.asSystem((tx) => markFinished(tx, row.id, decision.status, decision.error, decision.commitment ?? null));
  }
  return undecided;
}

/**
 * What the chain decided about a sent submission; while nothing is decided and its blockhash
 * is still valid the stored signed bytes are sent again (null: still undecided). The tracker
 * uses it for sent rows, the reconciliation for confirmed rows the chain no longer has.
 */
export async function decideSubmission(
  chain: ChainClient,
  row: Pick<SubmissionRow, 'signature' | 'signedTxBase64' | 'lastValidBlockHeight'>,
): Promise<{ status: 'confirmed' | 'failed' | 'expired'; error: string | null; commitment?: Finality } | null> {
  const [status] = await chain.getSignatureStatuses([row.signature as Signature]);
  if (status?.err) return { status: 'failed', error: describeTransactionError(status.err) };
  if (status && meetsFinality(status.confirmationStatus, chain.finality)) return { status: 'confirmed', error: null, commitment: chain.finality };
  if (status) return null;
  if ((await chain.getBlockHeight()) > row.lastValidBlockHeight) return { status: 'expired', error: 'The transaction expired before it was confirmed' };
  try {
    await chain.sendTransaction(row.signedTxBase64 as Base64EncodedWireTransaction);
  } catch (error) {
    if (!(error instanceof TransactionRejectedError)) throw error;
    if (error.err === 'BlockhashNotFound') return { status: 'expired', error: 'The transaction expired before it was confirmed' };
    if (error.err !== 'AlreadyProcessed') return { status: 'failed', error: describeTransactionError(error.err) };
  }
  return null;
}
