import type { Address, ReadonlyUint8Array } from '@solana/kit';
import { LAMPORTS_PER_SIGNATURE, priorityFeeLamports } from '../fees';
import { identifyInstruction } from '../identify';
import { COMPUTE_BUDGET_PROGRAM_ADDRESS, isMemoProgram } from '../programs';

/** An instruction reduced to what history needs: which program ran it and its data. */
export interface InstructionData {
  programAddress: Address;
  data: ReadonlyUint8Array;
}

/** Solana's compute-unit limit per instruction when a transaction sets none, and its cap. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;

/** The notes of SPL Memo v1 (what the product sends, see docs/chain.md) and v2 (what most wallets send). */
export function memosOf(instructions: readonly InstructionData[]): string[] {
  return instructions.flatMap((instruction) => {
    // Only memo programs carry notes; identifying the rest would decode them for nothing on every landed transaction.
    if (!isMemoProgram(instruction.programAddress)) return [];
    const identified = identifyInstruction(instruction);
    return identified?.program === 'memo' ? [identified.memo] : [];
  });
}

/**
 * The fee the cluster charges: 5,000 lamports per signature plus the priority fee the
 * compute budget instructions ask for (LiteSVM charges the same and reports neither).
 */
export function transactionFee(signatures: number, instructions: readonly InstructionData[]): bigint {
  let limit: number | null = null;
  let microLamports = 0n;
  let otherInstructions = 0;
  for (const instruction of instructions) {
    const identified = instruction.programAddress === COMPUTE_BUDGET_PROGRAM_ADDRESS ? identifyInstruction(instruction) : null;
    if (identified?.program !== 'compute-budget') {
      otherInstructions++;
      continue;
    }
    if (identified.computeUnitLimit !== null) limit = identified.computeUnitLimit;
    if (identified.microLamportsPerComputeUnit !== null) microLamports = identified.microLamportsPerComputeUnit;
  }
  const computeUnitLimit = limit ?? Math.min(otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION, MAX_COMPUTE_UNIT_LIMIT);
  return LAMPORTS_PER_SIGNATURE * BigInt(signatures) + priorityFeeLamports({ computeUnitLimit, microLamportsPerComputeUnit: microLamports });
}
