import {
  ComputeBudgetInstruction,
  getSetComputeUnitLimitInstructionDataDecoder,
  getSetComputeUnitPriceInstructionDataDecoder,
  identifyComputeBudgetInstruction,
} from '@solana-program/compute-budget';
import { getAddMemoInstructionDataDecoder } from '@solana-program/memo';
import { getTransferSolInstructionDataDecoder, identifySystemInstruction, SystemInstruction } from '@solana-program/system';
import {
  AssociatedTokenInstruction,
  getApproveCheckedInstructionDataDecoder,
  getApproveInstructionDataDecoder,
  getBurnCheckedInstructionDataDecoder,
  getBurnInstructionDataDecoder,
  getMintToCheckedInstructionDataDecoder,
  getMintToInstructionDataDecoder,
  getTransferCheckedInstructionDataDecoder,
  getTransferInstructionDataDecoder,
  identifyAssociatedTokenInstruction,
  identifyToken2022Instruction,
  Token2022Instruction,
} from '@solana-program/token-2022';
import type { Decoder, ReadonlyUint8Array } from '@solana/kit';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  isMemoProgram,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
} from './programs';

export { AssociatedTokenInstruction, ComputeBudgetInstruction, SystemInstruction, Token2022Instruction };

/**
 * An instruction of a known program as the product reads it: which of the program's
 * instructions it is (null when the program's client does not recognise the data) and the
 * values the product shows or counts (null when the instruction has none or they do not decode).
 */
export type IdentifiedInstruction =
  | { program: 'token-2022'; instruction: Token2022Instruction | null; amount: bigint | null }
  | { program: 'associated-token'; instruction: AssociatedTokenInstruction | null }
  | { program: 'system'; instruction: SystemInstruction | null; lamports: bigint | null }
  | { program: 'compute-budget'; instruction: ComputeBudgetInstruction | null; computeUnitLimit: number | null; microLamportsPerComputeUnit: bigint | null }
  | { program: 'memo'; memo: string };

/** Token-2022 instructions that move, mint, burn or allow an amount of tokens. */
const TOKEN_AMOUNT_DECODERS: Partial<Record<Token2022Instruction, () => Decoder<{ amount: bigint }>>> = {
  [Token2022Instruction.Transfer]: getTransferInstructionDataDecoder,
  [Token2022Instruction.Approve]: getApproveInstructionDataDecoder,
  [Token2022Instruction.MintTo]: getMintToInstructionDataDecoder,
  [Token2022Instruction.Burn]: getBurnInstructionDataDecoder,
  [Token2022Instruction.TransferChecked]: getTransferCheckedInstructionDataDecoder,
  [Token2022Instruction.ApproveChecked]: getApproveCheckedInstructionDataDecoder,
  [Token2022Instruction.MintToChecked]: getMintToCheckedInstructionDataDecoder,
  [Token2022Instruction.BurnChecked]: getBurnCheckedInstructionDataDecoder,
};

/** The clients' identify functions and decoders throw on data they do not recognise. */
function orNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

function identifyToken2022(data: ReadonlyUint8Array): IdentifiedInstruction {
  const instruction = orNull(() => identifyToken2022Instruction(data));
  const amountDecoder = instruction === null ? undefined : TOKEN_AMOUNT_DECODERS[instruction];
  return { program: 'token-2022', instruction, amount: amountDecoder ? orNull(() => amountDecoder().decode(data).amount) : null };
}

function identifySystem(data: ReadonlyUint8Array): IdentifiedInstruction {
  const instruction = orNull(() => identifySystemInstruction(data));
  const lamports = instruction === SystemInstruction.TransferSol ? orNull(() => getTransferSolInstructionDataDecoder().decode(data).amount) : null;
  return { program: 'system', instruction, lamports };
}

function identifyComputeBudget(data: ReadonlyUint8Array): IdentifiedInstruction {
  const instruction = orNull(() => identifyComputeBudgetInstruction(data));
  return {
    program: 'compute-budget',
    instruction,
    computeUnitLimit:
      instruction === ComputeBudgetInstruction.SetComputeUnitLimit ? orNull(() => getSetComputeUnitLimitInstructionDataDecoder().decode(data).units) : null,
    microLamportsPerComputeUnit:
      instruction === ComputeBudgetInstruction.SetComputeUnitPrice
        ? orNull(() => getSetComputeUnitPriceInstructionDataDecoder().decode(data).microLamports)
        : null,
  };
}

/**
 * Which program an instruction runs and which of its instructions it is, by the program
 * clients' identify functions and data decoders; null for a program the product does not know.
 * An associated token account instruction without data is Create (the program's original form).
 */
export function identifyInstruction(instruction: { programAddress: string; data?: ReadonlyUint8Array }): IdentifiedInstruction | null {
  const data = instruction.data ?? new Uint8Array();
  switch (instruction.programAddress) {
    case TOKEN_2022_PROGRAM_ADDRESS:
      return identifyToken2022(data);
    case ASSOCIATED_TOKEN_PROGRAM_ADDRESS:
      return {
        program: 'associated-token',
        instruction: data.length === 0 ? AssociatedTokenInstruction.CreateAssociatedToken : orNull(() => identifyAssociatedTokenInstruction(data)),
      };
    case SYSTEM_PROGRAM_ADDRESS:
      return identifySystem(data);
    case COMPUTE_BUDGET_PROGRAM_ADDRESS:
      return identifyComputeBudget(data);
    default:
      return isMemoProgram(instruction.programAddress) ? { program: 'memo', memo: getAddMemoInstructionDataDecoder().decode(data).memo } : null;
  }
}
