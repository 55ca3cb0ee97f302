import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isSignerRole,
  isWritableRole,
  type Instruction,
} from '@solana/kit';

/** Names of the programs the platform's transactions use; anything else shows its address only. */
export const KNOWN_PROGRAMS: Record<string, string> = {
  '11111111111111111111111111111111': 'System',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'SPL Token',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account',
  Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo: 'Memo v1',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
};

export interface DecodedAccount {
  address: string;
  signer: boolean;
  writable: boolean;
}

export interface DecodedInstructionView {
  programAddress: string;
  program: string | null;
  accounts: DecodedAccount[];
  dataLength: number;
}

export interface DecodedTransaction {
  version: string;
  feePayer: string;
  blockhash: string | null;
  /** Every required signer and whether its signature is already in place. */
  signatures: { address: string; signed: boolean }[];
  instructions: DecodedInstructionView[];
}

export class TransactionDecodeError extends Error {
  override readonly name = 'TransactionDecodeError';
}

/** Reads a base64 wire transaction in the browser, without asking the server. */
export function decodeTransactionBase64(base64: string): DecodedTransaction {
  let transaction;
  let message;
  try {
    transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64.trim()));
    message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes));
  } catch (error) {
    throw new TransactionDecodeError(error instanceof Error ? error.message : String(error));
  }
  const instructions: readonly Instruction[] = message.instructions;
  const lifetime = message.lifetimeConstraint as { blockhash?: string } | undefined;
  return {
    version: String(message.version),
    feePayer: message.feePayer.address,
    blockhash: lifetime?.blockhash ?? null,
    signatures: Object.entries(transaction.signatures).map(([address, signature]) => ({ address, signed: signature !== null })),
    instructions: instructions.map((instruction) => ({
      programAddress: instruction.programAddress,
      program: KNOWN_PROGRAMS[instruction.programAddress] ?? null,
      accounts: (instruction.accounts ?? []).map((account) => ({ address: account.address, signer: isSignerRole(account.role), writable: isWritableRole(account.role) })),
      dataLength: instruction.data?.length ?? 0,
    })),
  };
}

export function isSignedBy(decoded: DecodedTransaction, address: string): boolean {
  return decoded.signatures.some((signature) => signature.address === address && signature.signed);
}
