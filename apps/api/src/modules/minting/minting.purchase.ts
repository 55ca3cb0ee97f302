// Delivering a paid credit purchase through the one mint operation path (docs/product.md §2 /carbon-projects "purchase action").
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { announceApprovalRequested, requestApproval, type ApprovalRequested } from '../approvals';
import { assertWithinComplianceLimits } from '../compliance';
import { requireMintWallet, requireProject } from './minting.checks';
import type { MintingDeps } from './minting.deps';
import { runMintOperation } from './minting.operation';
import * as repository from './minting.repository';

/** A paid order's delivery: its id becomes the mint operation's id, the reference the units were reserved under and the mint-to is sent once by. */
export interface OrderMintRequest {
  orderId: string;
  projectId: string;
  vintage: number;
  quantity: bigint;
  walletId: string;
}

export interface OrderMintState {
  status: repository.MintOperationRow['status'];
  /** The approval engine decides this operation: it runs it once approved (a rejected one stays failed). */
  awaitingApproval: boolean;
  serialNumbers: string[];
  mintAddress: string | null;
  signature: string | null;
  error: string | null;
}

function stateOf(row: repository.MintOperationRow): OrderMintState {
  return {
    status: row.status,
    awaitingApproval: row.approvalRequestId !== null && (row.status === 'pending' || row.status === 'failed'),
    serialNumbers: row.serialNumbers,
    mintAddress: row.mintAddress,
    signature: row.signature,
    error: row.error,
  };
}

/** "Tropical Blue Rainforest" 2020 → TBR20: the symbol of a project mint a purchase creates when none exists. */
function symbolFor(projectName: string, vintage: number): string {
  const initials = projectName
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 6);
  return `${initials || 'VCU'}${String(vintage).slice(-2)}`;
}

/**
 * In the caller's transaction: the order's mint operation, opened once. The same checks as any
 * mint apply — an approved wallet of the buyer, KYC and the compliance limits, and the approval
 * engine above the tenant's limit (the order then waits for it). `announce` runs after commit.
 */
export async function openOrderMint(
  deps: MintingDeps,
  tx: Tx,
  buyer: Actor,
  request: OrderMintRequest,
): Promise<{ state: OrderMintState; announce: () => Promise<void> }> {
  const existing = await repository.findOperationForUpdate(tx, request.orderId);
  if (existing) return { state: stateOf(existing), announce: () => Promise.resolve() };
  const project = await requireProject(deps, tx, request.projectId);
  const wallet = await requireMintWallet(tx, buyer.companyId, request.walletId);
  await assertWithinComplianceLimits(tx, { tenantId: buyer.tenantId, companyId: buyer.companyId, tonnes: request.quantity, operation: 'mint' });
  const projectMint = await repository.findProjectMint(tx, { registry: project.registry, projectId: project.id, vintage: request.vintage });
  const operation = await repository.insertOperation(tx, {
    id: request.orderId,
    tenantId: buyer.tenantId,
    companyId: buyer.companyId,
    userId: buyer.userId,
    previewId: null,
    registry: project.registry,
    projectId: project.id,
    projectName: project.name,
    vintage: request.vintage,
    quantity: request.quantity,
    tokenName: projectMint?.name ?? project.name.slice(0, 32),
    symbol: projectMint?.symbol ?? symbolFor(project.name, request.vintage),
    description: null,
    logoUrl: null,
    decimals: projectMint?.decimals ?? 0,
    walletId: wallet.id,
    walletAddress: wallet.address,
    status: 'pending',
  });
  const requested: ApprovalRequested | null = await requestApproval(tx, buyer, {
    operationType: 'mint',
    subjectId: operation.id,
    mintOperationId: operation.id,
    amount: request.quantity,
    projectId: project.id,
    summary: `Deliver ${request.quantity} tCO2e of ${project.name} (vintage ${request.vintage}) bought by purchase order ${operation.id}`,
  });
  if (!requested) return { state: stateOf(operation), announce: () => Promise.resolve() };
  const waiting = await repository.updateOperation(tx, operation.id, { approvalRequestId: requested.workflow.id });
  return { state: stateOf(waiting), announce: () => announceApprovalRequested(deps.approvals, requested) };
}

/** After the opening transaction committed: runs the order's mint operation (a completed one answers as it is). */
export async function runOrderMint(deps: MintingDeps, tenantId: string, orderId: string): Promise<OrderMintState> {
  return stateOf(await runMintOperation(deps, tenantId, orderId));
}

/** The order's mint operation as it stands (it may have run through the approval engine), or undefined before it is opened. */
export async function orderMintState(tx: Tx, orderId: string): Promise<OrderMintState | undefined> {
  const row = await repository.findOperation(tx, orderId);
  return row ? stateOf(row) : undefined;
}
