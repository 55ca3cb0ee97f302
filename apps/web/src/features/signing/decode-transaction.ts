import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isSignerRole,
  isWritableRole,
  type Instruction,
} from '@solana/kit';
import { knownProgramName } from '@carbonledger/chain/programs';

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
      program: knownProgramName(instruction.programAddress),
      accounts: (instruction.accounts ?? []).map((account) => ({
        address: account.address,
        signer: isSignerRole(account.role),
        writable: isWritableRole(account.role),
      })),
      dataLength: instruction.data?.length ?? 0,
    })),
  };
}

export function isSignedBy(decoded: DecodedTransaction, address: string): boolean {
  return decoded.signatures.some((signature) => signature.address === address && signature.signed);
}
