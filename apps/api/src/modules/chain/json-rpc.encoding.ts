import { z } from 'zod';
import { sumAsTonnes } from '@carbonledger/contracts';
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  type Base64EncodedWireTransaction,
  type Blockhash,
} from '@solana/kit';
import { TOKEN_2022_PROGRAM_ADDRESS, type ChainAccount, type ChainTokenAccount, type ChainTokenBalance, type ChainTransaction, type SimulationResult } from '@carbonledger/chain';
import { invalidParams, type encodingSchema } from './json-rpc.protocol';

/**
 * The embedded chain's records in the shapes of Solana's JSON-RPC answers (accounts, token
 * amounts, transactions, simulations), and the wire transactions the methods are given.
 */

/** Solana's rentEpoch for rent-exempt accounts (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18446744073709551615n;

export type AccountEncoding = z.output<typeof encodingSchema>;

export function encodeAccount(account: ChainAccount, encoding: AccountEncoding | undefined) {
  if (encoding === 'base64+zstd') throw invalidParams('base64+zstd encoding is not supported by the embedded chain');
  const data: [string, string] =
    encoding === 'base58' ? [getBase58Decoder().decode(account.data), 'base58'] : [getBase64Decoder().decode(account.data), 'base64'];
  return { data, executable: account.executable, lamports: account.lamports, owner: account.owner, rentEpoch: RENT_EXEMPT_EPOCH, space: BigInt(account.data.length) };
}

/** Decodes a wire transaction given as base58 (Solana's historical default) or base64. */
export function wireBytes(encoded: string, encoding: 'base58' | 'base64'): Uint8Array {
  try {
    return new Uint8Array(encoding === 'base58' ? getBase58Encoder().encode(encoded) : getBase64Encoder().encode(encoded));
  } catch {
    throw invalidParams(`transaction is not valid ${encoding}`);
  }
}

export function asBase64Wire(bytes: Uint8Array): Base64EncodedWireTransaction {
  try {
    return getBase64EncodedWireTransaction(getTransactionDecoder().decode(bytes));
  } catch {
    throw invalidParams('failed to deserialize the transaction');
  }
}

/** The same transaction with its blockhash replaced by the latest one, as simulateTransaction's replaceRecentBlockhash asks. */
export function withBlockhash(wire: Base64EncodedWireTransaction, blockhash: Blockhash): Base64EncodedWireTransaction {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...compiled, lifetimeToken: blockhash });
  return getBase64EncodedWireTransaction({ ...transaction, messageBytes: messageBytes as typeof transaction.messageBytes });
}

/** Solana's UiTokenAmount: base units, and the exact decimal (trailing zeros trimmed, as the validator writes it). */
function uiTokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = sumAsTonnes([{ amount, decimals }]);
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

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

export function simulationValue(result: SimulationResult) {
  return { err: result.err, logs: result.logs, accounts: null, unitsConsumed: result.unitsConsumed, returnData: null };
}

export const wireParams = z.tuple([
  z.string().min(1),
  z
    .object({ encoding: z.enum(['base58', 'base64']).optional(), skipPreflight: z.boolean().optional(), sigVerify: z.boolean().optional(), replaceRecentBlockhash: z.boolean().optional() })
    .loose()
    .optional(),
]);

/** A token account in the jsonParsed encoding; `decimals` are its mint's. */
export function tokenAccountJsonParsed(token: ChainTokenAccount, account: ChainAccount, decimals: number) {
  return {
    data: {
      program: 'spl-token-2022',
      parsed: {
        type: 'account',
        info: {
          mint: token.mint,
          owner: token.owner,
          state: token.frozen ? 'frozen' : 'initialized',
          isNative: false,
          tokenAmount: uiTokenAmount(token.amount, decimals),
          ...(token.delegate ? { delegate: token.delegate, delegatedAmount: { amount: token.delegatedAmount.toString(), decimals, uiAmountString: token.delegatedAmount.toString() } } : {}),
        },
      },
      space: BigInt(account.data.length),
    },
    executable: false,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  };
}

/** getTransaction's answer in the json encoding, from the recorded transaction and its wire bytes. */
export function transactionJson(found: ChainTransaction, wire: Base64EncodedWireTransaction) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const base58 = getBase58Decoder();
  return {
    slot: found.slot,
    blockTime: found.blockTime,
    version: compiled.version,
    transaction: {
      signatures: Object.values(transaction.signatures).map((bytes) => (bytes ? base58.decode(bytes) : '1'.repeat(64))),
      message: {
        accountKeys: found.accountKeys,
        header: {
          numRequiredSignatures: compiled.header.numSignerAccounts,
          numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash: 'lifetimeToken' in compiled ? compiled.lifetimeToken : null,
        instructions:
          'instructions' in compiled
            ? compiled.instructions.map((instruction) => ({
                programIdIndex: instruction.programAddressIndex,
                accounts: instruction.accountIndices ?? [],
                data: base58.decode(instruction.data ?? new Uint8Array()),
                stackHeight: null,
              }))
            : [],
        addressTableLookups: [],
      },
    },
    meta: {
      err: found.err,
      status: found.err ? { Err: found.err } : { Ok: null },
      fee: found.fee,
      // SOL balances are not recorded by the embedded chain's history.
      preBalances: [],
      postBalances: [],
      innerInstructions: [],
      logMessages: [],
      preTokenBalances: found.preTokenBalances.map(tokenBalanceJson),
      postTokenBalances: found.postTokenBalances.map(tokenBalanceJson),
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
    },
  };
}
