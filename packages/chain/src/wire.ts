import {
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getShortU16Decoder,
  getTransactionDecoder,
  type Address,
  type Base64EncodedWireTransaction,
  type Blockhash,
  type ReadonlyUint8Array,
  type Signature,
  type Transaction,
} from '@solana/kit';

/** The base64 wire form that RPC nodes, wallets and the submissions table all speak. */
export function toWireTransaction(transaction: Transaction): Base64EncodedWireTransaction {
  return getBase64EncodedWireTransaction(transaction);
}

/** Decodes wire bytes; throws on anything that is not a well-formed transaction. */
export function fromWireTransaction(wire: string): Transaction {
  // Message bytes run to the end of the wire, so every byte is covered by the signatures.
  return getTransactionDecoder().decode(getBase64Encoder().encode(wire));
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

const VERSIONED_MESSAGE_FLAG = 0x80;
const MESSAGE_HEADER_BYTES = 3;

/**
 * The blockhash a message is bound to, read straight from its layout (version prefix,
 * header, account keys, then the 32-byte blockhash) so the hot send path skips a full decode.
 */
export function messageBlockhash(messageBytes: ReadonlyUint8Array): Blockhash {
  let offset = (messageBytes[0]! & VERSIONED_MESSAGE_FLAG ? 1 : 0) + MESSAGE_HEADER_BYTES;
  const [accountCount, afterCount] = getShortU16Decoder().read(messageBytes, offset);
  offset = afterCount + accountCount * 32;
  if (offset + 32 > messageBytes.length) throw new Error('message is too short');
  return getBase58Decoder().decode(messageBytes.subarray(offset, offset + 32)) as Blockhash;
}

export function summarizeMessage(transaction: Transaction): MessageSummary {
  const signers = Object.keys(transaction.signatures) as Address[];
  return { feePayer: signers[0]!, blockhash: messageBlockhash(transaction.messageBytes), signers };
}
