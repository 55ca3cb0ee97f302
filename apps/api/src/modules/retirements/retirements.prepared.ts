import { address } from '@solana/kit';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { expireUnsentSubmission, type PreparedTransaction } from '../chain';
import { burnSpec } from './retirements.certificate';
import { prepareHolderAllowance, prepareHolderBurn, RETIREMENT_KINDS, type AllowanceSpec } from './retirements.chain';
import type { RetirementDeps } from './retirements.context';
import * as repository from './retirements.repository';
import { PREPARED_TRANSACTION, preparedTransactionOf, type AwaitingHolder } from './retirements.view';

// The transactions an external wallet signs (in the browser or in /tools/sign-base64): the burn,
// the delegate approval of a schedule, a cancellation's allowance change. One stays signable at a time.

/** Expires a prepared transaction nobody sent yet, so only the newest one can be signed and submitted. */
export async function retirePreparedTransaction(tx: Tx, transactionId: string | null, reason: string): Promise<'expired' | 'already_sent'> {
  return transactionId ? expireUnsentSubmission(tx, transactionId, reason) : 'expired';
}

/** Keeps the newest prepared transaction of a retirement still waiting for it; the one it replaces expires unless it was already sent. */
async function keepPrepared(
  deps: RetirementDeps,
  row: repository.RetirementRow,
  status: AwaitingHolder,
  prepared: PreparedTransaction,
  change: Partial<repository.NewRetirementRow> = {},
): Promise<PreparedTransaction> {
  await deps.context.db.withTenant(row.tenantId, async (tx) => {
    const locked = await repository.findRetirementForUpdate(tx, row.id);
    if (locked?.status !== status) throw new AppError('RETIREMENT__NOTHING_TO_PREPARE');
    if ((await retirePreparedTransaction(tx, preparedTransactionOf(locked), 'Replaced by a newer prepared transaction')) === 'already_sent') {
      throw new AppError('RETIREMENT__NOTHING_TO_PREPARE');
    }
    await repository.updateRetirement(tx, row.id, { [PREPARED_TRANSACTION[status]]: prepared.transactionId, error: null, ...change });
  });
  return prepared;
}

/** The retirement's prepared transaction while nobody has sent it and it has not expired. */
export async function stillSignable(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction | undefined> {
  const transactionId = preparedTransactionOf(row);
  if (!transactionId) return undefined;
  const submission = await deps.context.db.withTenant(row.tenantId, (tx) => repository.findSubmissionRow(tx, transactionId));
  if (submission?.status !== 'pending' || !submission.requiredSigner) return undefined;
  if ((await deps.context.chain.getBlockHeight()) > submission.lastValidBlockHeight) return undefined;
  return {
    transactionId,
    unsignedTxBase64: submission.preparedTxBase64,
    requiredSigner: address(submission.requiredSigner),
    lastValidBlockHeight: submission.lastValidBlockHeight,
  };
}

export async function prepareBurn(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction> {
  const spec = await burnSpec(deps.publicBaseUrl, row);
  return keepPrepared(deps, row, 'pending', await prepareHolderBurn(deps.context, spec), { certificateMint: spec.certificateMint.address });
}

export function allowanceSpec(row: repository.RetirementRow, kind: AllowanceSpec['kind'], amount: bigint): AllowanceSpec {
  return {
    tenantId: row.tenantId,
    retirementId: row.id,
    kind,
    holder: row.walletAddress,
    tokenMint: row.tokenMint,
    decimals: row.decimals,
    amount,
    createdBy: row.userId,
  };
}

export async function prepareApproval(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction> {
  const target = await deps.context.db.withTenant(row.tenantId, (tx) => repository.scheduledSum(tx, row.walletAddress, row.tokenMint, { excluding: row.id }));
  return keepPrepared(
    deps,
    row,
    'awaiting_signature',
    await prepareHolderAllowance(deps.context, allowanceSpec(row, RETIREMENT_KINDS.approve, target + row.amount)),
  );
}

/**
 * A scheduled retirement, prepared: the holder's approval of the delegate for the account's
 * open schedules again, for when the allowance on chain no longer covers them (the holder
 * revoked or changed it in the wallet). It stands apart from the retirement's own state: the
 * job burns at the scheduled time whether or not it is ever signed.
 */
export async function prepareAllowanceRenewal(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction> {
  const open = await deps.context.db.withTenant(row.tenantId, (tx) => repository.scheduledSum(tx, row.walletAddress, row.tokenMint));
  return prepareHolderAllowance(deps.context, allowanceSpec(row, RETIREMENT_KINDS.approve, open));
}

export async function prepareCancelAllowance(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction> {
  const remaining = await deps.context.db.withTenant(row.tenantId, (tx) => repository.scheduledSum(tx, row.walletAddress, row.tokenMint));
  const prepared = await prepareHolderAllowance(deps.context, allowanceSpec(row, RETIREMENT_KINDS.allowance, remaining));
  await deps.context.db.withTenant(row.tenantId, async (tx) => {
    await retirePreparedTransaction(tx, row.cancelTransactionId, 'Replaced by a newer prepared transaction');
    await repository.updateRetirement(tx, row.id, { cancelTransactionId: prepared.transactionId });
  });
  return prepared;
}

/** A cancelled schedule whose allowance change the holder has not sent yet (or let expire). */
export async function cancelAllowancePending(deps: RetirementDeps, row: repository.RetirementRow): Promise<boolean> {
  if (row.status !== 'cancelled' || !row.cancelTransactionId) return false;
  const submission = await deps.context.db.withTenant(row.tenantId, (tx) => repository.findSubmissionRow(tx, row.cancelTransactionId!));
  return submission?.status === 'pending' || submission?.status === 'expired';
}
