import {
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Base64EncodedWireTransaction,
  type Blockhash,
  type Signature,
  type Transaction,
} from '@solana/kit';

/** The base64 wire form that RPC nodes, wallets and the submissions table all speak. */
export function toWireTransaction(transaction: Transaction): Base64EncodedWireTransaction {
  return getBase64EncodedWireTransaction(transaction);
}

/** Decodes wire bytes; throws on anything that is not a well-formed transaction. */
export function fromWireTransaction(wire: string): Transaction {
  const bytes = getBase64Encoder().encode(wire);
  const transaction = getTransactionDecoder().decode(bytes);
  // A trailing byte the decoder ignored would make two different wires look identical.
  if (getBase64EncodedWireTransaction(transaction) !== wire.replace(/\s+/g, '')) throw new Error('transaction bytes have trailing data');
  return transaction;
}

export function messageBytesBase64(transaction: Transaction): string {
  return getBase64Decoder().decode(transaction.messageBytes);
}

/** The transaction id: the fee payer's signature, the first one in the message. */
export function signatureOf(transaction: Transaction): Signature {
  const [first] = Object.values(transaction.signatures);
  if (!first) throw new Error('transaction has no signature slot');
  return getBase58Decoder().decode(first) as Signature;
}

export interface MessageSummary {
  feePayer: Address;
  blockhash: Blockhash;
  /** The accounts that must sign, in message order (the fee payer first). */
  signers: Address[];
}

export function summarizeMessage(transaction: Transaction): MessageSummary {
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const signers = Object.keys(transaction.signatures) as Address[];
  return { feePayer: signers[0]!, blockhash: compiled.lifetimeToken as Blockhash, signers };
}
