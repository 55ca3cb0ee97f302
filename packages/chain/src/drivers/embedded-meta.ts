import { FailedTransactionMetadata, type TransactionMetadata } from 'litesvm';
import { getBase64Decoder, getBase64Encoder } from '@solana/kit';

/**
 * What LiteSVM reports about a landed transaction beyond its outcome (logs, inner
 * instructions, compute units) plus the SOL balances of its accounts before and after: the
 * `meta` of Solana's getTransaction. Kept with the history in the sidecar; the journal needs
 * nothing new, since replaying a journaled transaction produces its metadata again.
 */
export interface EmbeddedTransactionMeta {
  logs: string[];
  /** Lamports of each account key, in accountKeys order, before and after the transaction. */
  preBalances: bigint[];
  postBalances: bigint[];
  /** Instructions the programs invoked (CPI), grouped by the index of the top-level instruction. */
  innerInstructions: { index: number; instructions: EmbeddedInnerInstruction[] }[];
  computeUnitsConsumed: bigint;
}

export interface EmbeddedInnerInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
  stackHeight: number;
}

/** The sidecar's form: lamports as strings, instruction data as base64. */
export interface StoredMeta {
  logs: string[];
  pre: string[];
  post: string[];
  inner: [index: number, instructions: [programIdIndex: number, accounts: number[], data: string, stackHeight: number][]][];
  units: string;
}

/** The metadata of a landed transaction, from LiteSVM's result and the balances read around it. */
export function metaOf(result: TransactionMetadata | FailedTransactionMetadata, preBalances: bigint[], postBalances: bigint[]): EmbeddedTransactionMeta {
  const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
  return {
    logs: meta.logs(),
    preBalances,
    postBalances,
    innerInstructions: meta
      .innerInstructions()
      .map((inner, index) => ({
        index,
        instructions: inner.map((entry) => {
          const instruction = entry.instruction();
          return {
            programIdIndex: instruction.programIdIndex(),
            accounts: [...instruction.accounts()],
            data: new Uint8Array(instruction.data()),
            stackHeight: entry.stackHeight(),
          };
        }),
      }))
      .filter((group) => group.instructions.length > 0),
    computeUnitsConsumed: meta.computeUnitsConsumed(),
  };
}

export function storeMeta(meta: EmbeddedTransactionMeta): StoredMeta {
  const base64 = getBase64Decoder();
  return {
    logs: meta.logs,
    pre: meta.preBalances.map(String),
    post: meta.postBalances.map(String),
    inner: meta.innerInstructions.map(({ index, instructions }) => [
      index,
      instructions.map((instruction) => [instruction.programIdIndex, instruction.accounts, base64.decode(instruction.data), instruction.stackHeight]),
    ]),
    units: meta.computeUnitsConsumed.toString(),
  };
}

export function loadMeta(stored: StoredMeta): EmbeddedTransactionMeta {
  const base64 = getBase64Encoder();
  return {
    logs: stored.logs,
    preBalances: stored.pre.map(BigInt),
    postBalances: stored.post.map(BigInt),
    innerInstructions: stored.inner.map(([index, instructions]) => ({
      index,
      instructions: instructions.map(([programIdIndex, accounts, data, stackHeight]) => ({
        programIdIndex,
        accounts,
        data: new Uint8Array(base64.encode(data)),
        stackHeight,
      })),
    })),
    computeUnitsConsumed: BigInt(stored.units),
  };
}
