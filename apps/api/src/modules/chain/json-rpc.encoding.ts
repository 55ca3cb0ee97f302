import { z } from 'zod';
import {
  getBase58Encoder,
  getBase64Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  type Base64EncodedWireTransaction,
  type Blockhash,
} from '@solana/kit';
import type { SimulationResult } from '@carbonledger/chain';
import { invalidParams } from './json-rpc.protocol';

/**
 * The wire transactions the methods are given, and simulations in the shape of Solana's
 * answers (accounts are in json-rpc.accounts.ts, transactions in json-rpc.transactions.ts).
 */

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

export function simulationValue(result: SimulationResult) {
  return { err: result.err, logs: result.logs, accounts: null, unitsConsumed: result.unitsConsumed, returnData: null };
}

export const wireParams = z.tuple([
  z.string().min(1),
  z
    .object({
      encoding: z.enum(['base58', 'base64']).optional(),
      skipPreflight: z.boolean().optional(),
      sigVerify: z.boolean().optional(),
      replaceRecentBlockhash: z.boolean().optional(),
    })
    .loose()
    .optional(),
]);
