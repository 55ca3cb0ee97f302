import { retirementTexts, type Retirement, type RetirementActionResult } from '@carbonledger/contracts';
import { explorerUrl, type ExplorerTarget } from '../../lib/explorer';
import type { PreparedTransaction } from '../chain';
import type { RetirementRow, RetirementView } from './retirements.repository';

/** Where a retirement waiting for the holder's signature keeps its prepared transaction: the burn (pending) or the delegate approval (awaiting_signature). */
export const PREPARED_TRANSACTION = { pending: 'transactionId', awaiting_signature: 'approvalTransactionId' } as const;
export type AwaitingHolder = keyof typeof PREPARED_TRANSACTION;

export function preparedTransactionOf(row: RetirementRow): string | null {
  return row.status === 'pending' || row.status === 'awaiting_signature' ? row[PREPARED_TRANSACTION[row.status]] : null;
}

export function tonnesOf(row: Pick<RetirementRow, 'amount' | 'decimals'>): bigint {
  return row.amount / 10n ** BigInt(row.decimals);
}

export function toRetirement(deps: { explorer: ExplorerTarget }, row: RetirementView): Retirement {
  // Reconciliation found the burn missing on chain (e.g. the chain lost it in a crash): never
  // shown as retired, nor its certificate, while that is open. The record itself is not changed.
  const burnMissing = row.status === 'completed' && row.burnDiscrepancy !== null;
  return {
    id: row.id,
    status: burnMissing ? 'processing' : row.status,
    amount: row.amount.toString(),
    decimals: row.decimals,
    companyId: row.companyId,
    companyName: row.companyName,
    walletAddress: row.walletAddress,
    walletType: row.walletType,
    tokenMint: row.tokenMint,
    tokenSymbol: row.tokenSymbol,
    projectId: row.projectId,
    projectName: row.projectName,
    vintage: row.vintage,
    reason: row.reason,
    country: row.country,
    subdivision: row.subdivision,
    memo: row.memo,
    beneficiaryName: row.beneficiaryName,
    signature: row.signature,
    explorerUrl: row.signature ? explorerUrl(deps.explorer, 'tx', row.signature) : null,
    registry: row.registry,
    registryReference: row.registryReference,
    serialNumbers: row.serialNumbers,
    certificateId: burnMissing ? null : row.certificateId,
    certificateNumber: row.certificateId && !burnMissing ? row.certificateNumber : null,
    certificateMint: row.certificateMint,
    transactionId: preparedTransactionOf(row),
    error: burnMissing ? `${retirementTexts.burnNotOnChain} ${row.burnDiscrepancy}` : row.error,
    createdAt: row.createdAt.toISOString(),
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export function preparedView(prepared: PreparedTransaction): RetirementActionResult['transaction'] {
  return {
    transactionId: prepared.transactionId,
    unsignedTxBase64: prepared.unsignedTxBase64,
    requiredSigner: prepared.requiredSigner,
    lastValidBlockHeight: prepared.lastValidBlockHeight.toString(),
  };
}
