import { address, type Address, type Signature } from '@solana/kit';
import type { ChainClient, ChainTokenBalance, ChainTransaction } from '@carbonledger/chain';

/** How far back each address is read: a cluster answers at most 1,000 signatures per call. */
export const SIGNATURES_PER_ADDRESS = 200;
/** Landed transactions never change, so they are kept once read (a cluster's getTransaction is slow and rate-limited). */
const CACHED_TRANSACTIONS = 5_000;
/** Parallel getTransaction calls, so a cluster's rate limit is not hit in one burst. */
const PARALLEL_READS = 8;

/**
 * A token movement of one wallet read from the chain: out or in while the mint's total stayed
 * the same (sent, received), or out of the wallet and out of existence (burned — a burn made
 * on chain without the platform, which keeps its own burns as retirements).
 */
export interface ChainTransfer {
  signature: string;
  direction: 'sent' | 'received' | 'burned';
  walletAddress: string;
  mint: string;
  amount: bigint;
  decimals: number;
  counterparty: string | null;
  blockTime: number | null;
  fee: bigint;
  memos: string[];
}

/** Reads landed transactions through a bounded cache, oldest entries dropped first. */
export function transactionReader(chain: Pick<ChainClient, 'getTransaction'>): TransactionReader {
  const cache = new Map<string, ChainTransaction>();
  return async (signature) => {
    const cached = cache.get(signature);
    if (cached) return cached;
    const transaction = await chain.getTransaction(signature as Signature);
    if (transaction) {
      cache.set(signature, transaction);
      if (cache.size > CACHED_TRANSACTIONS) cache.delete(cache.keys().next().value!);
    }
    return transaction;
  };
}

export type TransactionReader = (signature: string) => Promise<ChainTransaction | null>;

async function mapInBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

function deltasByOwner(transaction: ChainTransaction, mint: string): Map<string, bigint> {
  const deltas = new Map<string, bigint>();
  const add = (balance: ChainTokenBalance, sign: bigint) => {
    if (balance.mint !== mint) return;
    deltas.set(balance.owner, (deltas.get(balance.owner) ?? 0n) + sign * balance.amount);
  };
  for (const balance of transaction.preTokenBalances) add(balance, -1n);
  for (const balance of transaction.postTokenBalances) add(balance, 1n);
  return deltas;
}

/**
 * What a transaction did to one wallet's tokens, by the owner's balance change per mint: out
 * while the mint's total stayed the same is sent, in is received; out while the total fell by
 * as much is a burn. A rise of the total is a mint, which only the platform's issuer can sign
 * and the database records with more detail.
 */
export function classifyTransfers(transaction: ChainTransaction, walletAddress: string, mints: ReadonlySet<string>): ChainTransfer[] {
  if (transaction.err) return [];
  const touched = new Set([...transaction.preTokenBalances, ...transaction.postTokenBalances].map((balance) => balance.mint));
  const transfers: ChainTransfer[] = [];
  for (const mint of touched) {
    if (!mints.has(mint)) continue;
    const deltas = deltasByOwner(transaction, mint);
    const own = deltas.get(walletAddress) ?? 0n;
    let total = 0n;
    for (const delta of deltas.values()) total += delta;
    const burned = own < 0n && total === own;
    if (own === 0n || (total !== 0n && !burned)) continue;
    const counterparty = burned ? null : ([...deltas].find(([owner, delta]) => owner !== walletAddress && (own > 0n ? delta < 0n : delta > 0n))?.[0] ?? null);
    const decimals = [...transaction.preTokenBalances, ...transaction.postTokenBalances].find((balance) => balance.mint === mint)!.decimals;
    transfers.push({
      signature: transaction.signature,
      direction: burned ? 'burned' : own > 0n ? 'received' : 'sent',
      walletAddress,
      mint,
      amount: own > 0n ? own : -own,
      decimals,
      counterparty,
      blockTime: transaction.blockTime,
      fee: transaction.fee,
      memos: transaction.memos,
    });
  }
  return transfers;
}

/**
 * The signatures of a wallet's recent chain history. A transfer in loads only the receiver's
 * token account, not the wallet itself, so the wallet's token accounts are read as well.
 */
export async function walletSignatures(chain: ChainClient, walletAddress: string, mints: ReadonlySet<string>): Promise<string[]> {
  const owner = address(walletAddress);
  const accounts = await chain.getTokenAccountsByOwner(owner);
  const addresses: Address[] = [owner, ...accounts.filter((account) => mints.has(account.mint)).map((account) => account.address)];
  const lists = await mapInBatches(addresses, PARALLEL_READS, (target) => chain.getSignaturesForAddress(target, { limit: SIGNATURES_PER_ADDRESS }));
  return [...new Set(lists.flat().flatMap((entry) => (entry.err ? [] : [entry.signature])))];
}

/** The token transfers and burns of a wallet these transactions made. */
export async function transfersOfSignatures(
  read: TransactionReader,
  walletAddress: string,
  mints: ReadonlySet<string>,
  signatures: readonly string[],
): Promise<ChainTransfer[]> {
  const transactions = await mapInBatches(signatures, PARALLEL_READS, read);
  return transactions.flatMap((transaction) => (transaction ? classifyTransfers(transaction, walletAddress, mints) : []));
}

/** The fee of a landed transaction, or null when the chain does not know it (yet). */
export async function feeOf(read: TransactionReader, signature: string): Promise<bigint | null> {
  return (await read(signature))?.fee ?? null;
}

/** The wallets whose token balances a transaction shows. */
export async function ownersOf(read: TransactionReader, signature: string): Promise<string[]> {
  const transaction = await read(signature);
  return [...new Set([...(transaction?.preTokenBalances ?? []), ...(transaction?.postTokenBalances ?? [])].map((balance) => balance.owner))];
}
