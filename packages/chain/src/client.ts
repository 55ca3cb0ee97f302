import type { Address, Base64EncodedWireTransaction, Blockhash, Signature } from '@solana/kit';
import type { Extension } from '@solana-program/token-2022';
import type { TransactionErrorJson } from './transaction-error';

export type ChainDriver = 'embedded' | 'rpc';

/** What the rest of the product knows about a Solana cluster, whichever driver serves it. */
export interface ChainHealth {
  driver: ChainDriver;
  slot: bigint;
  blockHeight: bigint;
  blockhash: string;
}

/** A blockhash and the last block height at which a transaction using it can still land. */
export interface BlockhashLifetime {
  blockhash: Blockhash;
  lastValidBlockHeight: bigint;
}

export interface ChainAccount {
  address: Address;
  lamports: bigint;
  owner: Address;
  executable: boolean;
  data: Uint8Array;
}

export interface ChainMint {
  address: Address;
  supply: bigint;
  decimals: number;
  mintAuthority: Address | null;
  freezeAuthority: Address | null;
  extensions: Extension[];
}

export interface ChainTokenAccount {
  address: Address;
  mint: Address;
  owner: Address;
  amount: bigint;
  frozen: boolean;
  delegate: Address | null;
  delegatedAmount: bigint;
  extensions: Extension[];
}

export type ConfirmationStatus = 'processed' | 'confirmed' | 'finalized';

/**
 * The commitment a transaction must reach before the product reports it (SOLANA_COMMITMENT):
 * `confirmed` (a supermajority voted on its block) or `finalized` (rooted, cannot be rolled back).
 */
export type Finality = Exclude<ConfirmationStatus, 'processed'>;

/** Whether a signature status has reached the finality the product waits for. */
export function meetsFinality(status: ConfirmationStatus, finality: Finality): boolean {
  return status === 'finalized' || (status === 'confirmed' && finality === 'confirmed');
}

export interface SignatureStatus {
  slot: bigint;
  confirmationStatus: ConfirmationStatus;
  err: TransactionErrorJson | null;
}

export interface SimulationResult {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: bigint;
}

/**
 * The outcome of sending one signed transaction and waiting for a decision:
 * confirmed (landed without error), failed (landed or was refused with an error),
 * expired (its blockhash passed its last valid block height without landing), or still
 * pending when the wait timed out (the submissions tracker keeps watching it).
 */
export type SendOutcome =
  | { signature: Signature; status: 'confirmed'; slot: bigint; commitment: Finality }
  | { signature: Signature; status: 'failed'; err: TransactionErrorJson; logs: string[] }
  | { signature: Signature; status: 'expired' }
  | { signature: Signature; status: 'pending' };

export interface SendOptions {
  /** Stop waiting after this long and report what is known (default 60 s). */
  timeoutMs?: number;
}

/** A transaction refused before it ran (bad signature, unknown blockhash, malformed bytes). */
export class TransactionRejectedError extends Error {
  constructor(
    message: string,
    readonly err: TransactionErrorJson,
  ) {
    super(message);
    this.name = 'TransactionRejectedError';
  }
}

/** One signature that touched an address, as getSignaturesForAddress lists it (newest first). */
export interface ChainSignatureInfo {
  signature: Signature;
  slot: bigint;
  /** Unix seconds; null when the node does not know it. */
  blockTime: number | null;
  err: TransactionErrorJson | null;
}

/** A Token-2022 account's balance before or after a transaction (Solana's pre/postTokenBalances). */
export interface ChainTokenBalance {
  /** Index of the token account in `accountKeys`. */
  accountIndex: number;
  mint: Address;
  /** The wallet that owns the token account. */
  owner: Address;
  amount: bigint;
  decimals: number;
}

/** A landed transaction (failed ones too) with what is needed to tell token movements apart. */
export interface ChainTransaction extends ChainSignatureInfo {
  /** Lamports the fee payer paid (signatures and priority fee). */
  fee: bigint;
  /** Every account the transaction loaded, the fee payer first. */
  accountKeys: Address[];
  /** UTF-8 texts of its Memo instructions, in order. */
  memos: string[];
  preTokenBalances: ChainTokenBalance[];
  postTokenBalances: ChainTokenBalance[];
}

export interface SignaturesForAddressOptions {
  /** At most this many, newest first (default and maximum 1,000, as on a cluster). */
  limit?: number;
  /** Start after this signature (paging back in time). */
  before?: Signature;
}

export interface ChainClient {
  readonly driver: ChainDriver;
  /** What `sendAndConfirm` waits for before it answers `confirmed`. */
  readonly finality: Finality;
  health(): Promise<ChainHealth>;
  getSlot(): Promise<bigint>;
  getBlockHeight(): Promise<bigint>;
  getLatestBlockhash(): Promise<BlockhashLifetime>;
  isBlockhashValid(blockhash: Blockhash): Promise<boolean>;
  getBalance(address: Address): Promise<bigint>;
  getAccountInfo(address: Address): Promise<ChainAccount | null>;
  getMint(address: Address): Promise<ChainMint | null>;
  getTokenAccount(address: Address): Promise<ChainTokenAccount | null>;
  /** Token-2022 accounts owned by a wallet, optionally of one mint. */
  getTokenAccountsByOwner(owner: Address, filter?: { mint?: Address }): Promise<ChainTokenAccount[]>;
  getMinimumBalanceForRentExemption(dataSize: number | bigint): Promise<bigint>;
  simulateTransaction(transaction: Base64EncodedWireTransaction): Promise<SimulationResult>;
  /** Submits without waiting; refuses with TransactionRejectedError when the cluster does. */
  sendTransaction(transaction: Base64EncodedWireTransaction): Promise<Signature>;
  /** Sends the exact signed bytes (resending them as needed) until confirmed, failed or expired. */
  sendAndConfirm(transaction: Base64EncodedWireTransaction, options?: SendOptions): Promise<SendOutcome>;
  getSignatureStatuses(signatures: readonly Signature[]): Promise<(SignatureStatus | null)[]>;
  /** Landed transactions that loaded the address (a wallet or a token account), newest first. */
  getSignaturesForAddress(address: Address, options?: SignaturesForAddressOptions): Promise<ChainSignatureInfo[]>;
  /** One landed transaction with its fee and token balances; null when unknown (or pruned). */
  getTransaction(signature: Signature): Promise<ChainTransaction | null>;
  /** Local SOL from the faucet: the embedded chain, or a cluster that has one (local, devnet). */
  airdrop(address: Address, lamports: bigint): Promise<Signature>;
  /** Persists state where the driver keeps any (the embedded chain's snapshot file). */
  flush(): Promise<void>;
  close(): Promise<void>;
}
