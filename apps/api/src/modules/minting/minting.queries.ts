// Mint operations and approval requests as the API answers them.
import type { ApprovalRequest, MintOperation } from '@carbonledger/contracts';
import type { ApprovalWorkflowRow } from '../approvals';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { explorerUrl } from '../../lib/explorer';
import type { MintingDeps } from './minting.deps';
import * as repository from './minting.repository';

export function toMintOperation(explorer: MintingDeps['explorer'], row: repository.MintOperationRow): MintOperation {
  return {
    id: row.id,
    status: row.status,
    projectId: row.projectId,
    projectName: row.projectName,
    registry: row.registry,
    vintage: row.vintage,
    quantity: row.quantity.toString(),
    tokenName: row.tokenName,
    symbol: row.symbol,
    walletAddress: row.walletAddress,
    mintAddress: row.mintAddress,
    signature: row.signature,
    explorerUrl: row.signature ? explorerUrl(explorer, 'tx', row.signature) : null,
    serialNumbers: row.serialNumbers,
    error: row.error,
    approvalRequestId: row.approvalRequestId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** A mint's workflow as the mint answers it (always a mint workflow, with its project, credits and operation). */
export function toApprovalRequest(row: ApprovalWorkflowRow): ApprovalRequest {
  return {
    id: row.id,
    type: 'mint',
    requestorId: row.requestorId,
    projectId: row.projectId ?? '',
    credits: (row.credits ?? 0n).toString(),
    status: row.status,
    priority: row.priority,
    level: row.level,
    approverRole: row.approverRole,
    timeoutAt: row.timeoutAt.toISOString(),
    operationId: row.operationId ?? row.subjectId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function listMintOperations(deps: MintingDeps, actor: Actor, limit: number): Promise<MintOperation[]> {
  const rows = await deps.context.db.withTenant(actor.tenantId, (tx) => repository.listOperations(tx, actor.companyId, limit));
  return rows.map((row) => toMintOperation(deps.explorer, row));
}

export async function getMintOperation(deps: MintingDeps, actor: Actor, id: string): Promise<MintOperation> {
  const row = await deps.context.db.withTenant(actor.tenantId, (tx) => repository.findOperation(tx, id));
  if (!row || row.companyId !== actor.companyId) throw AppError.notFound('Mint operation');
  return toMintOperation(deps.explorer, row);
}
