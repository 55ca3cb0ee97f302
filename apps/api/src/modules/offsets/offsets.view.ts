import type { OffsetRequest, OffsetRequestStatus } from '@carbonledger/contracts';
import { certificateVerifyUrl } from '../certificates';
import type { OffsetRequestViewRow, StatusFilter } from './offsets.repository';

/** A request whose retirement exists follows it: completed, failed (or cancelled) on its side, else still retiring. */
function statusOf(row: OffsetRequestViewRow): OffsetRequestStatus {
  const stored = row.request.status;
  if (stored !== 'retiring') return stored;
  if (row.retirementStatus === 'completed') return 'completed';
  if (row.retirementStatus === 'failed' || row.retirementStatus === 'cancelled') return 'failed';
  return 'retiring';
}

/** The stored conditions that make each shown status (the inverse of statusOf). */
export function statusFilterOf(status: OffsetRequestStatus | undefined): StatusFilter[] | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'retiring':
      return [{ stored: ['retiring'], retirement: 'unfinished' }];
    case 'completed':
      return [{ stored: ['retiring'], retirement: 'completed' }];
    case 'failed':
      return [{ stored: ['failed'] }, { stored: ['retiring'], retirement: 'failed' }];
    default:
      return [{ stored: [status] }];
  }
}

export function toOffsetRequest(row: OffsetRequestViewRow, publicBaseUrl: string): OffsetRequest {
  const request = row.request;
  const status = statusOf(row);
  const requesterName = row.requesterEmail === null ? null : `${row.requesterFirstName ?? ''} ${row.requesterLastName ?? ''}`.trim() || row.requesterEmail;
  return {
    id: request.id,
    status,
    sourcing: request.sourcing,
    companyId: request.companyId,
    companyName: row.companyName,
    requestedBy: request.requestedBy && requesterName ? { id: request.requestedBy, name: requesterName } : null,
    tokenMint: request.tokenMint,
    tokenSymbol: request.tokenSymbol,
    projectId: request.projectId,
    projectName: request.projectName,
    walletAddress: request.walletAddress,
    quantity: request.quantity.toString(),
    beneficiaryName: request.beneficiaryName,
    purpose: request.purpose,
    reason: request.reason,
    country: request.country,
    requestedDate: request.requestedDate,
    approvalId: request.approvalId,
    retirementId: request.retirementId,
    retirementStatus: row.retirementStatus,
    certificateId: row.certificateId,
    certificateNumber: row.certificateNumber,
    certificateUrl: row.certificateNumber ? certificateVerifyUrl(publicBaseUrl, row.certificateNumber) : null,
    error: request.error ?? (status === 'failed' ? row.retirementError : null),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    completedAt: status === 'completed' ? (row.retirementCompletedAt?.toISOString() ?? null) : null,
  };
}
