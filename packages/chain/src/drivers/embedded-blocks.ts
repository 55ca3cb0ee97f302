import type { Address, Blockhash, Signature } from '@solana/kit';
import type { ChainAccount } from '../client';
import type { TransactionErrorJson } from '../transaction-error';

/**
 * The embedded chain's blocks and what it tells listeners (the local PubSub websocket):
 * docs/chain.md, "Local JSON-RPC endpoint".
 */

/**
 * The genesis hash of every embedded chain: LiteSVM's first blockhash, the same for each new
 * LiteSVM (embedded.test.ts checks it), so that a client can tell the embedded chain apart from
 * a cluster as it does by genesis hash.
 */
export const EMBEDDED_GENESIS_HASH = 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky' as Blockhash;

/** Blocks after which a status reads `finalized` (and finalized notifications are sent). */
export const FINALIZED_AFTER_BLOCKS = 32n;

/** Blocks the embedded chain remembers for getBlock and getRecentPrioritizationFees (a minute at 400 ms, twice the blockhash window). */
export const MAX_RECENT_BLOCKS = 300;

/** One produced block; `signatures` are the transactions that landed in it, in order. */
export interface EmbeddedBlock {
  slot: bigint;
  parentSlot: bigint;
  blockhash: Blockhash;
  previousBlockhash: Blockhash;
  /** Unix seconds when the block was produced. */
  blockTime: number;
  signatures: Signature[];
}

export interface EmbeddedEpochInfo {
  absoluteSlot: bigint;
  blockHeight: bigint;
  epoch: bigint;
  slotIndex: bigint;
  slotsInEpoch: bigint;
}

/**
 * What happened, told synchronously after it is journaled: a landed transaction (failed ones
 * too; airdrops as well) with the accounts it wrote as they are after it, or a new block.
 */
export type EmbeddedChainEvent =
  | {
      type: 'transaction';
      signature: Signature;
      slot: bigint;
      err: TransactionErrorJson | null;
      logs: string[];
      /** Every account key the transaction loaded. */
      accountKeys: Address[];
      /** Each writable account after the transaction; a closed one has 0 lamports, no data and the system program as owner. */
      written: ChainAccount[];
    }
  | { type: 'block'; slot: bigint; parentSlot: bigint; root: bigint };

export type EmbeddedChainListener = (event: EmbeddedChainEvent) => void;

/** The last MAX_RECENT_BLOCKS blocks, oldest first; the last one is the block being filled. */
export function createRecentBlocks(first: Omit<EmbeddedBlock, 'signatures'>) {
  const blocks: EmbeddedBlock[] = [{ ...first, signatures: [] }];
  return {
    current: () => blocks.at(-1)!,
    add(block: Omit<EmbeddedBlock, 'signatures' | 'parentSlot' | 'previousBlockhash'>) {
      const parent = blocks.at(-1)!;
      blocks.push({ ...block, parentSlot: parent.slot, previousBlockhash: parent.blockhash, signatures: [] });
      if (blocks.length > MAX_RECENT_BLOCKS) blocks.shift();
    },
    find: (slot: bigint) => blocks.find((block) => block.slot === slot) ?? null,
    all: (): readonly EmbeddedBlock[] => blocks,
  };
}

/** Listeners of the chain's events; one that throws is not allowed to stop the others or the chain. */
export function createEventHub(onError: (error: unknown) => void) {
  const listeners = new Set<EmbeddedChainListener>();
  return {
    get listening() {
      return listeners.size > 0;
    },
    add(listener: EmbeddedChainListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: EmbeddedChainEvent) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}
