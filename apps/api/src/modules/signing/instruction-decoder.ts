import {
  AccountRole,
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getUtf8Decoder,
  isSignerRole,
  isWritableRole,
  type ReadonlyUint8Array,
  type Transaction,
} from '@solana/kit';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, MEMO_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '@carbonledger/chain';
import type { DecodedInstruction } from '@carbonledger/contracts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const MEMO_V2_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** SPL Token / Token-2022 instruction tags (first data byte). */
const TOKEN_INSTRUCTIONS: Record<number, string> = {
  0: 'InitializeMint',
  1: 'InitializeAccount',
  3: 'Transfer',
  4: 'Approve',
  5: 'Revoke',
  6: 'SetAuthority',
  7: 'MintTo',
  8: 'Burn',
  9: 'CloseAccount',
  10: 'FreezeAccount',
  11: 'ThawAccount',
  12: 'TransferChecked',
  13: 'ApproveChecked',
  14: 'MintToChecked',
  15: 'BurnChecked',
  18: 'InitializeAccount3',
  20: 'InitializeMint2',
  28: 'DefaultAccountStateExtension',
  32: 'InitializeNonTransferableMint',
  39: 'MetadataPointerExtension',
};
const TOKEN_AMOUNT_INSTRUCTIONS = new Set([3, 4, 7, 8, 12, 13, 14, 15]);
const SYSTEM_INSTRUCTIONS: Record<number, string> = { 0: 'CreateAccount', 2: 'Transfer', 3: 'CreateAccountWithSeed', 8: 'Allocate' };
const COMPUTE_BUDGET_INSTRUCTIONS: Record<number, string> = { 2: 'SetComputeUnitLimit', 3: 'SetComputeUnitPrice' };

function u64At(data: Uint8Array, offset: number): string | null {
  if (data.length < offset + 8) return null;
  return new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true).toString();
}

function describe(programAddress: string, data: Uint8Array): Pick<DecodedInstruction, 'program' | 'name' | 'details'> {
  const tag = data[0];
  switch (programAddress) {
    case TOKEN_2022_PROGRAM_ADDRESS: {
      // Token-metadata interface instructions start with an 8-byte hash discriminator instead of a tag.
      const name = tag === undefined ? 'Unknown' : (TOKEN_INSTRUCTIONS[tag] ?? (data.length >= 8 ? 'TokenMetadata' : 'Unknown'));
      const amount = tag !== undefined && TOKEN_AMOUNT_INSTRUCTIONS.has(tag) ? u64At(data, 1) : null;
      return { program: 'Token-2022', name, details: amount ? { amount } : {} };
    }
    case ASSOCIATED_TOKEN_PROGRAM_ADDRESS:
      return { program: 'Associated Token Account', name: tag === 1 ? 'CreateIdempotent' : tag === undefined || tag === 0 ? 'Create' : 'Unknown', details: {} };
    case MEMO_PROGRAM_ADDRESS:
    case MEMO_V2_PROGRAM:
      return { program: 'Memo', name: 'Memo', details: { memo: getUtf8Decoder().decode(data) } };
    case SYSTEM_PROGRAM: {
      const index = data.length >= 4 ? new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true) : -1;
      const lamports = index === 2 ? u64At(data, 4) : null;
      return { program: 'System', name: SYSTEM_INSTRUCTIONS[index] ?? 'Unknown', details: lamports ? { lamports } : {} };
    }
    case COMPUTE_BUDGET_PROGRAM:
      return { program: 'Compute Budget', name: (tag !== undefined && COMPUTE_BUDGET_INSTRUCTIONS[tag]) || 'Unknown', details: {} };
    default:
      return { program: 'Unknown program', name: 'Unknown', details: {} };
  }
}

/** The transaction's instructions in words: program, instruction name, accounts and notable content. */
export function decodeInstructions(transaction: Transaction): { feePayer: string; instructions: DecodedInstruction[] } {
  const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes));
  const decompiled: readonly { programAddress: string; accounts?: readonly { address: string; role?: AccountRole }[]; data?: ReadonlyUint8Array }[] = message.instructions;
  const instructions = decompiled.map((instruction) => ({
    programAddress: instruction.programAddress,
    ...describe(instruction.programAddress, new Uint8Array(instruction.data ?? new Uint8Array())),
    accounts: (instruction.accounts ?? []).map((account) => {
      const role = account.role ?? AccountRole.READONLY;
      return { address: account.address, signer: isSignerRole(role), writable: isWritableRole(role) };
    }),
  }));
  return { feePayer: message.feePayer.address as string, instructions };
}
