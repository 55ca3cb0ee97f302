import { z } from 'zod';
import {
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Base64EncodedWireTransaction,
  type ReadonlyUint8Array,
} from '@solana/kit';
import { TOKEN_2022_PROGRAM_ADDRESS, type ChainTokenBalance, type ChainTransaction, type EmbeddedTransactionMeta } from '@carbonledger/chain';
import { uiTokenAmount } from './json-rpc.accounts';
import { parsedInstruction, type RawInstruction } from './json-rpc.instructions';

/**
 * getTransaction's answer (also each transaction of getBlock) in the json, jsonParsed, base64
 * and base58 encodings, from the recorded transaction, its signed bytes and its metadata.
 */

export const transactionEncodingSchema = z.enum(['json', 'jsonParsed', 'base64', 'base58']);
export type TransactionEncoding = z.output<typeof transactionEncodingSchema>;

/** A pre/postTokenBalances entry in Solana's JSON shape. */
function tokenBalanceJson(balance: ChainTokenBalance) {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: TOKEN_2022_PROGRAM_ADDRESS,
    uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
  };
}

function decodeWire(wire: Base64EncodedWireTransaction) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  return { transaction, compiled };
}

type Compiled = ReturnType<typeof decodeWire>['compiled'];

/** Whether the key at `index` is writable, by the message header's counts. */
function isWritable(compiled: Compiled, index: number): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = compiled.header;
  if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts;
  return index < compiled.staticAccounts.length - numReadonlyNonSignerAccounts;
}

type InnerInstruction = EmbeddedTransactionMeta['innerInstructions'][number]['instructions'][number];

/** The transaction's meta; SOL balances, logs, inner instructions and compute units are empty for transactions recorded before they were kept. */
function meta(found: ChainTransaction, recorded: EmbeddedTransactionMeta | null, renderInner: (instruction: InnerInstruction) => unknown) {
  return {
    err: found.err,
    status: found.err ? { Err: found.err } : { Ok: null },
    fee: found.fee,
    preBalances: recorded?.preBalances ?? [],
    postBalances: recorded?.postBalances ?? [],
    innerInstructions: (recorded?.innerInstructions ?? []).map(({ index, instructions }) => ({
      index,
      instructions: instructions.map(renderInner),
    })),
    logMessages: recorded?.logs ?? [],
    preTokenBalances: found.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: found.postTokenBalances.map(tokenBalanceJson),
    rewards: [],
    ...(recorded ? { computeUnitsConsumed: recorded.computeUnitsConsumed } : {}),
  };
}

/** The instruction with its program and accounts resolved from the message's keys. */
const rawInstruction = (
  accountKeys: Address[],
  programIdIndex: number,
  accounts: readonly number[],
  data: ReadonlyUint8Array,
  stackHeight: number | null,
): RawInstruction => ({
  programId: accountKeys[programIdIndex]!,
  accounts: accounts.map((index) => accountKeys[index]!),
  data,
  stackHeight,
});

/** One recorded transaction in the requested encoding; the fields follow Solana's getTransaction. */
export function renderTransaction(
  found: ChainTransaction,
  wire: Base64EncodedWireTransaction,
  recorded: EmbeddedTransactionMeta | null,
  encoding: TransactionEncoding,
) {
  const { transaction, compiled } = decodeWire(wire);
  const accountKeys = found.accountKeys;
  const base58 = getBase58Decoder();
  const instructions = 'instructions' in compiled ? compiled.instructions : [];
  const parsed = encoding === 'jsonParsed';
  const innerOf = (entry: InnerInstruction) => {
    const raw = rawInstruction(accountKeys, entry.programIdIndex, entry.accounts, entry.data, entry.stackHeight);
    return parsed
      ? parsedInstruction(raw)
      : { programIdIndex: entry.programIdIndex, accounts: entry.accounts, data: base58.decode(entry.data), stackHeight: entry.stackHeight };
  };
  const head = { slot: found.slot, blockTime: found.blockTime, version: compiled.version };
  const metaJson = {
    ...meta(found, recorded, innerOf),
    ...(parsed ? {} : { loadedAddresses: { writable: [], readonly: [] } }),
  };
  if (encoding === 'base64' || encoding === 'base58') {
    const bytes = getBase64Encoder().encode(wire);
    return { ...head, transaction: [encoding === 'base64' ? wire : base58.decode(bytes), encoding], meta: metaJson };
  }
  const lookups = compiled.version === 'legacy' ? {} : { addressTableLookups: [] };
  const signatures = Object.values(transaction.signatures).map((bytes) => (bytes ? base58.decode(bytes) : '1'.repeat(64)));
  const recentBlockhash = 'lifetimeToken' in compiled ? compiled.lifetimeToken : null;
  if (parsed) {
    return {
      ...head,
      transaction: {
        signatures,
        message: {
          accountKeys: accountKeys.map((pubkey, index) => ({
            pubkey,
            writable: isWritable(compiled, index),
            signer: index < compiled.header.numSignerAccounts,
            source: 'transaction',
          })),
          recentBlockhash,
          instructions: instructions.map((instruction) =>
            parsedInstruction(
              rawInstruction(accountKeys, instruction.programAddressIndex, instruction.accountIndices ?? [], instruction.data ?? new Uint8Array(), null),
            ),
          ),
          ...lookups,
        },
      },
      meta: metaJson,
    };
  }
  return {
    ...head,
    transaction: {
      signatures,
      message: {
        accountKeys,
        header: {
          numRequiredSignatures: compiled.header.numSignerAccounts,
          numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash,
        instructions: instructions.map((instruction) => ({
          programIdIndex: instruction.programAddressIndex,
          accounts: instruction.accountIndices ?? [],
          data: base58.decode(instruction.data ?? new Uint8Array()),
          stackHeight: null,
        })),
        ...lookups,
      },
    },
    meta: metaJson,
  };
}

/** Memos as getSignaturesForAddress reports them: each `[length] text`, joined by "; ", or null. */
export function memoField(memos: readonly string[]): string | null {
  return memos.length ? memos.map((memo) => `[${Buffer.byteLength(memo)}] ${memo}`).join('; ') : null;
}
