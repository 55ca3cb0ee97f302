import {
  AccountRole,
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  isSignerRole,
  isWritableRole,
  type ReadonlyUint8Array,
  type Transaction,
} from '@solana/kit';
import {
  AssociatedTokenInstruction,
  ComputeBudgetInstruction,
  identifyInstruction,
  knownProgramName,
  SystemInstruction,
  Token2022Instruction,
  type IdentifiedInstruction,
} from '@carbonledger/chain';
import type { DecodedInstruction } from '@carbonledger/contracts';

/**
 * The names the sign tool shows where they differ from the program clients' instruction
 * names: one per Token-2022 extension and for the token-metadata interface (as the program
 * itself names them), and the short names of the associated token account and system programs.
 */
const TOKEN_2022_NAMES: Partial<Record<Token2022Instruction, string>> = {
  [Token2022Instruction.InitializeDefaultAccountState]: 'DefaultAccountStateExtension',
  [Token2022Instruction.UpdateDefaultAccountState]: 'DefaultAccountStateExtension',
  [Token2022Instruction.InitializeMetadataPointer]: 'MetadataPointerExtension',
  [Token2022Instruction.UpdateMetadataPointer]: 'MetadataPointerExtension',
  [Token2022Instruction.InitializeTokenMetadata]: 'TokenMetadata',
  [Token2022Instruction.UpdateTokenMetadataField]: 'TokenMetadata',
  [Token2022Instruction.RemoveTokenMetadataKey]: 'TokenMetadata',
  [Token2022Instruction.UpdateTokenMetadataUpdateAuthority]: 'TokenMetadata',
  [Token2022Instruction.EmitTokenMetadata]: 'TokenMetadata',
};
const ASSOCIATED_TOKEN_NAMES: Partial<Record<AssociatedTokenInstruction, string>> = {
  [AssociatedTokenInstruction.CreateAssociatedToken]: 'Create',
  [AssociatedTokenInstruction.CreateAssociatedTokenIdempotent]: 'CreateIdempotent',
};
const SYSTEM_NAMES: Partial<Record<SystemInstruction, string>> = { [SystemInstruction.TransferSol]: 'Transfer' };

function nameOf<T extends number>(instruction: T | null, names: Partial<Record<T, string>>, clientNames: Record<number, string>): string {
  return instruction === null ? 'Unknown' : (names[instruction] ?? clientNames[instruction] ?? 'Unknown');
}

function describe(identified: IdentifiedInstruction): Pick<DecodedInstruction, 'name' | 'details'> {
  switch (identified.program) {
    case 'token-2022':
      return {
        name: nameOf(identified.instruction, TOKEN_2022_NAMES, Token2022Instruction),
        details: identified.amount === null ? {} : { amount: identified.amount.toString() },
      };
    case 'associated-token':
      return { name: nameOf(identified.instruction, ASSOCIATED_TOKEN_NAMES, AssociatedTokenInstruction), details: {} };
    case 'system':
      return {
        name: nameOf(identified.instruction, SYSTEM_NAMES, SystemInstruction),
        details: identified.lamports === null ? {} : { lamports: identified.lamports.toString() },
      };
    case 'compute-budget':
      return { name: nameOf(identified.instruction, {}, ComputeBudgetInstruction), details: {} };
    case 'memo':
      return { name: 'Memo', details: { memo: identified.memo } };
  }
}

function describeInstruction(programAddress: string, data: ReadonlyUint8Array): Pick<DecodedInstruction, 'program' | 'name' | 'details'> {
  const identified = identifyInstruction({ programAddress, data });
  if (!identified) return { program: 'Unknown program', name: 'Unknown', details: {} };
  // Both memo programs read as "Memo" here; the browser's decoder tells v1 apart.
  const program = identified.program === 'memo' ? 'Memo' : (knownProgramName(programAddress) ?? 'Unknown program');
  return { program, ...describe(identified) };
}

/** The transaction's instructions in words: program, instruction name, accounts and notable content. */
export function decodeInstructions(transaction: Transaction): { feePayer: string; instructions: DecodedInstruction[] } {
  const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes));
  const decompiled: readonly { programAddress: string; accounts?: readonly { address: string; role?: AccountRole }[]; data?: ReadonlyUint8Array }[] =
    message.instructions;
  const instructions = decompiled.map((instruction) => ({
    programAddress: instruction.programAddress,
    ...describeInstruction(instruction.programAddress, instruction.data ?? new Uint8Array()),
    accounts: (instruction.accounts ?? []).map((account) => {
      const role = account.role ?? AccountRole.READONLY;
      return { address: account.address, signer: isSignerRole(role), writable: isWritableRole(role) };
    }),
  }));
  return { feePayer: message.feePayer.address, instructions };
}
