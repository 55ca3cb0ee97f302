// Executing a reviewed preview (once, or again after a failure); above the tenant's limit it waits for the approval engine.
import { mintingTexts, type ExecuteMintResult } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { announceApprovalRequested, approvalWorkflowById, requestApproval, type ApprovalWorkflowRow } from '../approvals';
import { assertWithinComplianceLimits } from '../compliance';
import type { BindOperation } from '../idempotency';
import { mintToConfirmed } from './minting.chain';
import { requireMintWallet } from './minting.checks';
import type { MintingDeps } from './minting.deps';
import { reserveUnitsFor, runMintOperation, STALE_PROCESSING_MS } from './minting.operation';
import { toApprovalRequest, toMintOperation } from './minting.queries';
import * as repository from './minting.repository';

export type ExecuteOutcome = { result: ExecuteMintResult; awaitingApproval: boolean };
/** What executing an operation does now: run it (again) or answer its state; `created` marks a new approval request. */
type ExecutionStep = { operation: repository.MintOperationRow; approval: ApprovalWorkflowRow | null; run: boolean; created?: true };

/**
 * Executing an existing operation again: a run that stopped on an undecided chain transaction
 * (or died) is resumed once it is stale — mintToOnce reconciles what it sent — and so is one
 * whose runner died before it started; a failed one runs again (docs/product.md "failure with retry")
 * unless its approval is still open. 'running' while its runner may still be alive.
 */
async function nextStepOf(tx: Tx, operation: repository.MintOperationRow): Promise<ExecutionStep | 'running'> {
  const approval = operation.approvalRequestId ? ((await approvalWorkflowById(tx, operation.approvalRequestId)) ?? null) : null;
  const cleared = !approval || approval.status === 'approved';
  const runnable = operation.status === 'processing' || operation.status === 'failed' || (operation.status === 'pending' && cleared);
  if (!runnable || (operation.status === 'failed' && !cleared)) return { operation, approval, run: false };
  const fresh = Date.now() - operation.updatedAt.getTime() < STALE_PROCESSING_MS;
  if (operation.status !== 'failed' && fresh) return 'running';
  return { operation, approval, run: true };
}

/**
 * Executes a reviewed preview once. A preview's operation is created on the first call;
 * later calls answer its state (or run it again after a failure: docs/product.md "failure with retry").
 * Above the tenant's approval limit an approval request is created instead. `bindKey` ties
 * the request's Idempotency-Key to the operation in the transaction that creates (or finds) it.
 */
export async function executeMint(deps: MintingDeps, actor: Actor, previewId: string, bindKey?: BindOperation): Promise<ExecuteOutcome> {
  const step = await deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const preview = await repository.findPreviewForUpdate(tx, previewId);
    if (!preview || preview.userId !== actor.userId)
      throw new AppError('MINTING__PREVIEW_NOT_EXECUTABLE', mintingTexts.cannotExecute, { fields: { previewId: [mintingTexts.cannotExecute] } });
    const existing = await repository.findOperationOfPreview(tx, preview.id);
    const next = existing ? await nextStepOf(tx, existing) : await openOperation(deps, tx, actor, preview);
    if (next === 'running') throw new AppError('MINTING__ALREADY_PROCESSING');
    await bindKey?.(tx, next.operation.id);
    return next;
  });
  return carryOut(deps, actor, step);
}

/**
 * What an execute whose request stored no answer (it died after the mint-to, or still runs)
 * answers for its operation: what executing the preview again would, except that a run that
 * may still be alive is left to itself — unless the chain confirmed its mint-to, which then
 * only needs recording. Undefined while the operation is undecided.
 */
export async function executedMintOutcome(deps: MintingDeps, actor: Actor, operationId: string): Promise<ExecuteOutcome | undefined> {
  const minted = await mintToConfirmed(deps.context, actor.tenantId, operationId);
  const step = await deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const operation = await repository.findOperationForUpdate(tx, operationId);
    if (!operation || operation.companyId !== actor.companyId) throw AppError.notFound('Mint operation');
    const next = await nextStepOf(tx, operation);
    return next === 'running' && minted ? { operation, approval: null, run: true } : next;
  });
  return step === 'running' ? undefined : carryOut(deps, actor, step);
}

/**
 * A new operation for the preview; above the tenant's limit, a workflow of the approval engine
 * for it, its VCUs reserved meanwhile (so they are there when it is approved, and released when
 * it is rejected: docs/approvals.md "Mint").
 */
async function openOperation(deps: MintingDeps, tx: Tx, actor: Actor, preview: repository.MintPreviewRow): Promise<ExecutionStep> {
  if (preview.expiresAt.getTime() < Date.now())
    throw new AppError('MINTING__PREVIEW_EXPIRED', mintingTexts.cannotExecute, { fields: { previewId: ['The preview has expired. Please review it again.'] } });
  if (!preview.valid)
    throw new AppError('MINTING__INSUFFICIENT_BALANCE', mintingTexts.insufficientBalance, { fields: { previewId: [mintingTexts.insufficientBalance] } });
  await requireMintWallet(tx, actor.companyId, preview.walletId);
  // docs/product.md §5 Compliance limits: KYC/AML approved and within the daily and monthly tCO2e, checked with the operation's insert.
  await assertWithinComplianceLimits(tx, { tenantId: actor.tenantId, companyId: actor.companyId, tonnes: preview.quantity, operation: 'mint' });
  const operation = await repository.insertOperation(tx, {
    tenantId: actor.tenantId,
    companyId: actor.companyId,
    userId: actor.userId,
    previewId: preview.id,
    registry: preview.registry,
    projectId: preview.projectId,
    projectName: preview.projectName,
    vintage: preview.vintage,
    quantity: preview.quantity,
    tokenName: preview.tokenName,
    symbol: preview.symbol,
    description: preview.description,
    logoUrl: preview.logoUrl,
    decimals: preview.decimals,
    walletId: preview.walletId,
    walletAddress: preview.walletAddress,
    status: 'pending',
  });
  const requested = await requestApproval(tx, actor, {
    operationType: 'mint',
    subjectId: operation.id,
    mintOperationId: operation.id,
    amount: preview.quantity,
    projectId: preview.projectId,
    summary: `Mint ${preview.quantity} tCO2e of ${preview.projectName} (vintage ${preview.vintage})`,
  });
  if (!requested) return { operation, approval: null, run: true };
  await reserveUnitsFor(deps, tx, actor.tenantId, operation);
  const waiting = await repository.updateOperation(tx, operation.id, { approvalRequestId: requested.workflow.id });
  return { operation: waiting, approval: requested.workflow, run: false, created: true };
}

/** Announces a new approval request to its approvers, then runs the operation or answers its state. */
async function carryOut(deps: MintingDeps, actor: Actor, step: ExecutionStep): Promise<ExecuteOutcome> {
  if (step.created && step.approval) await announceApprovalRequested(deps.approvals, { workflow: step.approval, created: true });
  const approval = step.approval ? toApprovalRequest(step.approval) : null;
  if (!step.run) {
    return {
      result: { operation: toMintOperation(deps.explorer, step.operation), approval },
      awaitingApproval: step.approval?.status === 'pending' || step.approval?.status === 'delegated',
    };
  }
  const operation = await runMintOperation(deps, actor.tenantId, step.operation.id);
  return { result: { operation: toMintOperation(deps.explorer, operation), approval }, awaitingApproval: false };
}
