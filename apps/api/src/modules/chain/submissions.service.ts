import {
  createNoopSigner,
  getPublicKeyFromAddress,
  getTransactionSize,
  verifySignature,
  type Address,
  type Instruction,
  type SignatureBytes,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';
import {
  MAX_TRANSACTION_WIRE_SIZE,
  buildTransactionMessage,
  describeTransactionError,
  fromWireTransaction,
  messageBytesBase64,
  partiallySignTransaction,
  signTransaction,
  signatureOf,
  toWireTransaction,
  type ChainClient,
  type PriorityFee,
  type SendOutcome,
} from '@carbonledger/chain';
import type { Database, Tx } from '../../db/database';
import type { SubmissionStatus } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PlatformKeyPurpose, PlatformKeyring, PlatformSigners } from './platform-keys.service';
import {
  findSubmission,
  findSubmissionForUpdate,
  insertSentSubmission,
  insertSubmission,
  markFinished,
  markSent,
  type SubmissionRow,
} from './submissions.repository';

/** What the chain services need from the app: the database, the chain and the tenant keys. */
export interface ChainContext {
  db: Database;
  chain: ChainClient;
  keyring: PlatformKeyring;
  /** Called when a submission is left undecided, so the tracker job looks at it again. */
  onUndecided?: () => Promise<void>;
}

export interface PrepareInput {
  tenantId: string;
  /** What the transaction does, e.g. "wallet.thaw" or "retirement"; stored for reconciliation. */
  kind: string;
  /** The external wallet that pays the fee and must sign in the browser. */
  wallet: Address;
  /** The instructions, from the wallet (a placeholder signer: it signs later) and the tenant's platform keys. */
  build(signers: { wallet: TransactionSigner; platform: PlatformSigners }): Promise<readonly Instruction[]> | readonly Instruction[];
  reference?: Record<string, unknown>;
  createdBy?: string | null;
  priorityFee?: PriorityFee;
}

export interface PreparedTransaction {
  transactionId: string;
  /** Wire form with the platform's signatures in place and an empty slot for the wallet's. */
  unsignedTxBase64: string;
  requiredSigner: Address;
  lastValidBlockHeight: bigint;
}

export interface SubmissionResult {
  transactionId: string;
  signature: string;
  status: SubmissionStatus;
  error: string | null;
}

const DEFAULT_CONFIRM_TIMEOUT_MS = 30_000;

function assertWithinSizeLimit(transaction: Transaction, kind: string) {
  const size = getTransactionSize(transaction);
  if (size > MAX_TRANSACTION_WIRE_SIZE) throw new Error(`${kind} transaction is ${size} bytes, over the ${MAX_TRANSACTION_WIRE_SIZE}-byte limit`);
}

async function platformSigners(context: ChainContext, tenantId: string): Promise<PlatformSigners> {
  return context.db.withTenant(tenantId, (tx) => context.keyring.signers(tx, tenantId));
}

/**
 * Builds a transaction the wallet pays for and signs, co-signs it with the platform keys it
 * uses, and records it before anyone can send it. The browser wallet signs the returned bytes.
 */
export async function prepareTransaction(context: ChainContext, input: PrepareInput): Promise<PreparedTransaction> {
  const platform = await platformSigners(context, input.tenantId);
  const lifetime = await context.chain.getLatestBlockhash();
  const wallet = createNoopSigner(input.wallet);
  const instructions = await input.build({ wallet, platform });
  const prepared = await partiallySignTransaction(buildTransactionMessage({ feePayer: wallet, lifetime, instructions, priorityFee: input.priorityFee }));
  assertWithinSizeLimit(prepared, input.kind);
  const unsignedTxBase64 = toWireTransaction(prepared);
  const row = await context.db.withTenant(input.tenantId, (tx) =>
    insertSubmission(tx, {
      tenantId: input.tenantId,
      kind: input.kind,
      status: 'pending',
      messageBase64: messageBytesBase64(prepared),
      preparedTxBase64: unsignedTxBase64,
      requiredSigner: input.wallet,
      lastValidBlockHeight: lifetime.lastValidBlockHeight,
      reference: input.reference ?? {},
      createdBy: input.createdBy ?? null,
    }),
  );
  return { transactionId: row.id, unsignedTxBase64, requiredSigner: input.wallet, lastValidBlockHeight: lifetime.lastValidBlockHeight };
}

function decodeSigned(signedTxBase64: string): Transaction {
  try {
    return fromWireTransaction(signedTxBase64);
  } catch {
    throw AppError.validation({ signedTxBase64: ['Not a valid base64-encoded Solana transaction'] });
  }
}

async function signatureValid(address: Address, signature: SignatureBytes | null, message: Transaction['messageBytes']): Promise<boolean> {
  if (!signature) return false;
  return verifySignature(await getPublicKeyFromAddress(address), signature, message);
}

/**
 * The wallet's signed transaction with the platform's signatures from the prepared one, after
 * checking the message is byte-for-byte the prepared message and every signature verifies.
 */
async function verifiedSignedTransaction(row: SubmissionRow, signedTxBase64: string): Promise<Transaction> {
  const signed = decodeSigned(signedTxBase64);
  if (messageBytesBase64(signed) !== row.messageBase64) {
    throw AppError.validation({ signedTxBase64: ['The signed transaction does not match the prepared transaction'] });
  }
  const prepared = fromWireTransaction(row.preparedTxBase64);
  const signatures: Transaction['signatures'] = Object.fromEntries(
    Object.keys(signed.signatures).map((address) => [address, signed.signatures[address as Address] ?? prepared.signatures[address as Address] ?? null]),
  );
  const combined: Transaction = { messageBytes: signed.messageBytes, signatures };
  if (row.requiredSigner && !(await signatureValid(row.requiredSigner as Address, signatures[row.requiredSigner as Address] ?? null, combined.messageBytes))) {
    throw AppError.validation({ signedTxBase64: [`The transaction must be signed by wallet ${row.requiredSigner}`] });
  }
  for (const [address, signature] of Object.entries(signatures)) {
    if (!(await signatureValid(address as Address, signature, combined.messageBytes))) {
      throw AppError.validation({ signedTxBase64: [`The signature of ${address} is missing or invalid`] });
    }
  }
  return combined;
}

function resultOf(row: SubmissionRow): SubmissionResult {
  return { transactionId: row.id, signature: row.signature ?? '', status: row.status, error: row.error };
}

/** What the caller records of a confirmed effect, in the database transaction that records the confirmation. */
type ConfirmedRecorder = (tx: Tx, result: SubmissionResult) => Promise<void>;

async function recordOutcome(
  context: ChainContext,
  tenantId: string,
  transactionId: string,
  outcome: SendOutcome,
  onConfirmed?: ConfirmedRecorder,
): Promise<SubmissionResult> {
  const signature = outcome.signature;
  if (outcome.status === 'pending') {
    await context.onUndecided?.();
    return { transactionId, signature, status: 'sent', error: null };
  }
  const error =
    outcome.status === 'failed'
      ? describeTransactionError(outcome.err)
      : outcome.status === 'expired'
        ? 'The transaction expired before it was confirmed'
        : null;
  const commitment = outcome.status === 'confirmed' ? outcome.commitment : null;
  const result: SubmissionResult = { transactionId, signature, status: outcome.status, error };
  try {
    await context.db.withTenant(tenantId, async (tx) => {
      await markFinished(tx, transactionId, outcome.status, error, commitment);
      if (outcome.status === 'confirmed') await onConfirmed?.(tx, result);
    });
  } catch (failure) {
    // The submission stays sent: the tracker records the chain's decision if the caller does not retry.
    await context.onUndecided?.();
    throw failure;
  }
  return result;
}

export interface SubmitInput {
  tenantId: string;
  transactionId: string;
  signedTxBase64: string;
  timeoutMs?: number;
}

/**
 * Sends a prepared transaction the wallet signed: the message must be exactly the prepared
 * one and the required wallet must have signed it. The submission is marked sent (with its
 * signature) before the bytes leave, then confirmation is tracked. Submitting the same
 * signed bytes again answers the recorded result instead of sending twice.
 */
export async function submitTransaction(context: ChainContext, input: SubmitInput): Promise<SubmissionResult> {
  const row = await context.db.withTenant(input.tenantId, (tx) => findSubmission(tx, input.transactionId));
  if (!row) throw AppError.notFound('Prepared transaction');
  if (row.status !== 'pending') {
    if (row.signedTxBase64 && row.signedTxBase64 === input.signedTxBase64) return resultOf(row);
    throw new AppError('CHAIN__TRANSACTION_ALREADY_SUBMITTED');
  }
  const transaction = await verifiedSignedTransaction(row, input.signedTxBase64);
  const wire = toWireTransaction(transaction);
  const signature = signatureOf(transaction);

  if ((await context.chain.getBlockHeight()) > row.lastValidBlockHeight) {
    await context.db.withTenant(input.tenantId, (tx) => markFinished(tx, row.id, 'expired', 'The transaction expired before it was submitted'));
    throw new AppError('CHAIN__PREPARED_TRANSACTION_EXPIRED');
  }
  const claimed = await context.db.withTenant(input.tenantId, async (tx) => {
    const locked = await findSubmissionForUpdate(tx, row.id);
    if (locked?.status !== 'pending') return false;
    await markSent(tx, row.id, { signature, signedTxBase64: input.signedTxBase64 });
    return true;
  });
  if (!claimed) throw new AppError('CHAIN__TRANSACTION_ALREADY_SUBMITTED');
  const outcome = await context.chain.sendAndConfirm(wire, { timeoutMs: input.timeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS });
  return recordOutcome(context, input.tenantId, row.id, outcome);
}

export interface PlatformTransactionInput {
  tenantId: string;
  kind: string;
  /** The platform key that pays the fee (it signs too). */
  feePayer: PlatformKeyPurpose;
  build(platform: PlatformSigners): Promise<readonly Instruction[]> | readonly Instruction[];
  /** The tenant's priority fee (Settings → Blockchain), when the transaction pays one. */
  priorityFee?: PriorityFee;
  reference?: Record<string, unknown>;
  createdBy?: string | null;
  timeoutMs?: number;
  /**
   * Whether to record and send the transaction at all, decided in the database transaction
   * that records it (e.g. no other submission for the same purpose exists, checked under a
   * lock); false records and sends nothing, and sendPlatformTransaction answers null.
   */
  mayRecord?: (tx: Tx) => Promise<boolean>;
  /**
   * Writes what the caller records of the confirmed effect in the database transaction that
   * marks the submission confirmed: both commit, or neither and the submission stays sent for
   * the tracker and the caller's retry to reconcile (docs/chain.md "Submissions").
   */
  onConfirmed?: ConfirmedRecorder;
}

/** A transaction only platform keys sign (thaw, freeze, mint): signed, recorded as sent, then sent and tracked. */
export function sendPlatformTransaction(
  context: ChainContext,
  input: PlatformTransactionInput & Required<Pick<PlatformTransactionInput, 'mayRecord'>>,
): Promise<SubmissionResult | null>;
export function sendPlatformTransaction(context: ChainContext, input: PlatformTransactionInput): Promise<SubmissionResult>;
export async function sendPlatformTransaction(context: ChainContext, input: PlatformTransactionInput): Promise<SubmissionResult | null> {
  const platform = await platformSigners(context, input.tenantId);
  if (context.chain.driver === 'embedded') await fundLocally(context.chain, platform[input.feePayer].address);
  const lifetime = await context.chain.getLatestBlockhash();
  const transaction = await signTransaction(
    buildTransactionMessage({ feePayer: platform[input.feePayer], lifetime, instructions: await input.build(platform), priorityFee: input.priorityFee }),
  );
  assertWithinSizeLimit(transaction, input.kind);
  const wire = toWireTransaction(transaction);
  const row = await context.db.withTenant(input.tenantId, async (tx) => {
    if (input.mayRecord && !(await input.mayRecord(tx))) return null;
    return insertSentSubmission(
      tx,
      {
        tenantId: input.tenantId,
        kind: input.kind,
        messageBase64: messageBytesBase64(transaction),
        preparedTxBase64: wire,
        requiredSigner: null,
        lastValidBlockHeight: lifetime.lastValidBlockHeight,
        reference: input.reference ?? {},
        createdBy: input.createdBy ?? null,
      },
      { signature: signatureOf(transaction), signedTxBase64: wire },
    );
  });
  if (!row) return null;
  const outcome = await context.chain.sendAndConfirm(wire, { timeoutMs: input.timeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS });
  return recordOutcome(context, input.tenantId, row.id, outcome, input.onConfirmed);
}

const LOCAL_MINIMUM_LAMPORTS = 1_000_000_000n;

async function fundLocally(chain: ChainClient, address: Address): Promise<void> {
  if ((await chain.getBalance(address)) < LOCAL_MINIMUM_LAMPORTS) await chain.airdrop(address, 10n * LOCAL_MINIMUM_LAMPORTS);
}

/**
 * The embedded chain's faucet keeps the tenant's platform keys in SOL (sendPlatformTransaction
 * also tops up its fee payer there). On a cluster the operator funds them; nothing happens here.
 */
export async function fundPlatformKeysLocally(context: ChainContext, tenantId: string): Promise<void> {
  if (context.chain.driver !== 'embedded') return;
  const platform = await platformSigners(context, tenantId);
  for (const signer of Object.values(platform)) await fundLocally(context.chain, signer.address);
}

/**
 * Expires a prepared transaction nobody sent yet, so that only a newer one can be signed and
 * submitted; answers 'already_sent' when the wallet got there first. Runs in the caller's
 * database transaction (the row is locked until it ends).
 */
export async function expireUnsentSubmission(tx: Tx, transactionId: string, reason: string): Promise<'expired' | 'already_sent'> {
  const submission = await findSubmissionForUpdate(tx, transactionId);
  if (!submission || submission.status === 'expired' || submission.status === 'failed') return 'expired';
  if (submission.status !== 'pending') return 'already_sent';
  await markFinished(tx, transactionId, 'expired', reason);
  return 'expired';
}

export async function getSubmission(context: ChainContext, tenantId: string, transactionId: string): Promise<SubmissionResult> {
  const row = await context.db.withTenant(tenantId, (tx) => findSubmission(tx, transactionId));
  if (!row) throw AppError.notFound('Transaction');
  return resultOf(row);
}
