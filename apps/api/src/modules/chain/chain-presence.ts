import type { Signature } from '@solana/kit';
import { describeTransactionError, type ChainClient } from '@carbonledger/chain';

/** What the chain knows of one signature: landed without error, landed with an error, or nothing. */
export type ChainPresence = { state: 'landed' } | { state: 'failed'; error: string } | { state: 'absent' };

/** A cluster answers at most 256 signatures per getSignatureStatuses call. */
const STATUSES_PER_CALL = 256;

/**
 * Where each signature stands on the chain. The status cache answers first (one call per 256
 * signatures); a signature it no longer remembers is looked up in the transaction history,
 * so an old transaction is not taken for a missing one while the history still serves it.
 * "processed" is not yet a decision and counts as landed only once confirmed.
 */
export async function presenceOnChain(
  chain: Pick<ChainClient, 'getSignatureStatuses' | 'getTransaction'>,
  signatures: readonly string[],
): Promise<Map<string, ChainPresence>> {
  const presence = new Map<string, ChainPresence>();
  for (let start = 0; start < signatures.length; start += STATUSES_PER_CALL) {
    const batch = signatures.slice(start, start + STATUSES_PER_CALL);
    const statuses = await chain.getSignatureStatuses(batch as Signature[]);
    for (const [index, signature] of batch.entries()) {
      const status = statuses[index];
      if (status?.err) presence.set(signature, { state: 'failed', error: describeTransactionError(status.err) });
      else if (status && status.confirmationStatus !== 'processed') presence.set(signature, { state: 'landed' });
      else if (!status) {
        const transaction = await chain.getTransaction(signature as Signature);
        if (!transaction) presence.set(signature, { state: 'absent' });
        else presence.set(signature, transaction.err ? { state: 'failed', error: describeTransactionError(transaction.err) } : { state: 'landed' });
      }
      // A status still at "processed" is undecided: left out, so nobody reads it as a verdict.
    }
  }
  return presence;
}

/** True when the transaction is on the chain and did not fail. */
export async function landedOnChain(chain: Pick<ChainClient, 'getSignatureStatuses' | 'getTransaction'>, signature: string): Promise<boolean> {
  return (await presenceOnChain(chain, [signature])).get(signature)?.state === 'landed';
}
