import { address, getUtf8Decoder, type Address, type ReadonlyUint8Array } from '@solana/kit';
import { MEMO_PROGRAM_ADDRESS } from '../builders/token';
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from '../builders/transaction';
import { LAMPORTS_PER_SIGNATURE, priorityFeeLamports } from '../fees';

/** An instruction reduced to what history needs: which program ran it and its data. */
export interface InstructionData {
  programAddress: Address;
  data: ReadonlyUint8Array;
}

/** SPL Memo v1 (what the product sends, see docs/chain.md) and v2 (what most wallets send). */
const MEMO_PROGRAMS = new Set<string>([MEMO_PROGRAM_ADDRESS, address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')]);

const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
/** Solana's compute-unit limit per instruction when a transaction sets none, and its cap. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;

export function memosOf(instructions: readonly InstructionData[]): string[] {
  const utf8 = getUtf8Decoder();
  return instructions.filter((instruction) => MEMO_PROGRAMS.has(instruction.programAddress)).map((instruction) => utf8.decode(instruction.data));
}

/**
 * The fee the cluster charges: 5,000 lamports per signature plus the priority fee the
 * compute budget instructions ask for (LiteSVM charges the same and reports neither).
 */
export function transactionFee(signatures: number, instructions: readonly InstructionData[]): bigint {
  let limit: number | null = null;
  let microLamports = 0n;
  let otherInstructions = 0;
  for (const { programAddress, data } of instructions) {
    if (programAddress !== COMPUTE_BUDGET_PROGRAM_ADDRESS) {
      otherInstructions++;
      continue;
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) limit = view.getUint32(1, true);
    if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) microLamports = view.getBigUint64(1, true);
  }
  const computeUnitLimit = limit ?? Math.min(otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION, MAX_COMPUTE_UNIT_LIMIT);
  return LAMPORTS_PER_SIGNATURE * BigInt(signatures) + priorityFeeLamports({ computeUnitLimit, microLamportsPerComputeUnit: microLamports });
}
