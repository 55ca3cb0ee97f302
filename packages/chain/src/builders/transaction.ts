import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getTransactionSize,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import type { BlockhashLifetime } from '../client';

/** Solana's packet limit for a signed transaction: 1280 minus IPv6 and fragment headers. */
export const MAX_TRANSACTION_WIRE_SIZE = 1232;

export const COMPUTE_BUDGET_PROGRAM_ADDRESS = address('ComputeBudget111111111111111111111111111111');

/** A priority fee: the price of each compute unit, for at most `computeUnitLimit` units. */
export interface PriorityFee {
  computeUnitLimit: number;
  microLamportsPerComputeUnit: bigint;
}

/** SetComputeUnitLimit (2) and SetComputeUnitPrice (3) of the compute budget program. */
export function priorityFeeInstructions(fee: PriorityFee): Instruction[] {
  const limit = new Uint8Array(5);
  limit[0] = 2;
  new DataView(limit.buffer).setUint32(1, fee.computeUnitLimit, true);
  const price = new Uint8Array(9);
  price[0] = 3;
  new DataView(price.buffer).setBigUint64(1, fee.microLamportsPerComputeUnit, true);
  return [
    { programAddress: COMPUTE_BUDGET_PROGRAM_ADDRESS, data: limit },
    { programAddress: COMPUTE_BUDGET_PROGRAM_ADDRESS, data: price },
  ];
}

export interface TransactionPlan {
  feePayer: TransactionSigner;
  lifetime: BlockhashLifetime;
  instructions: readonly Instruction[];
  priorityFee?: PriorityFee;
}

/** A v0 message: fee payer, blockhash lifetime, then the instructions (priority fee first). */
export function buildTransactionMessage(plan: TransactionPlan) {
  const instructions = plan.priorityFee ? [...priorityFeeInstructions(plan.priorityFee), ...plan.instructions] : [...plan.instructions];
  return pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(plan.feePayer, message),
    (message) => setTransactionMessageLifetimeUsingBlockhash(plan.lifetime, message),
    (message) => appendTransactionMessageInstructions(instructions, message),
  );
}

export type BuiltTransactionMessage = ReturnType<typeof buildTransactionMessage>;

/** The signing edge: every signer in the message signs (throws when one cannot). */
export function signTransaction(message: BuiltTransactionMessage) {
  return signTransactionMessageWithSigners(message);
}

/** Signs with the signers that can (the platform keys); no-op signers leave empty slots for a wallet. */
export function partiallySignTransaction(message: BuiltTransactionMessage) {
  return partiallySignTransactionMessageWithSigners(message);
}

/** Wire size in bytes of the message once every signature is present (must stay ≤ MAX_TRANSACTION_WIRE_SIZE). */
export function transactionWireSize(message: BuiltTransactionMessage): number {
  return getTransactionSize(compileTransaction(message));
}
