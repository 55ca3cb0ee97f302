import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import {
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

/** A priority fee: the price of each compute unit, for at most `computeUnitLimit` units. */
export interface PriorityFee {
  computeUnitLimit: number;
  microLamportsPerComputeUnit: bigint;
}

/** SetComputeUnitLimit and SetComputeUnitPrice of the compute budget program. */
export function getPriorityFeeInstructions(fee: PriorityFee): Instruction[] {
  return [
    getSetComputeUnitLimitInstruction({ units: fee.computeUnitLimit }),
    getSetComputeUnitPriceInstruction({ microLamports: fee.microLamportsPerComputeUnit }),
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
  const instructions = plan.priorityFee ? [...getPriorityFeeInstructions(plan.priorityFee), ...plan.instructions] : [...plan.instructions];
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
