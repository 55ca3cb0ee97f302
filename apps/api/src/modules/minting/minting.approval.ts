// A mint above the approval limit in the approval engine (docs/approvals.md "Mint"): run once approved, released when rejected.
import { approvalTexts } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { registerApprovalHandler, type ApprovalWorkflowRow } from '../approvals';
import { releaseReservation } from '../registry';
import type { MintingDeps } from './minting.deps';
import { runMintOperation } from './minting.operation';
import { toMintOperation } from './minting.queries';
import * as repository from './minting.repository';

function operationIdOf(workflow: ApprovalWorkflowRow): string {
  return workflow.operationId ?? workflow.subjectId;
}

/**
 * The last level approved: the mint runs on the VCUs reserved when it was requested. Running it
 * again (the engine's sweep after a crash) finds it completed, or resumes it (mintToOnce looks
 * before it sends); a failed run is left for the requester to retry from the wizard.
 */
async function executeApprovedMint(deps: MintingDeps, workflow: ApprovalWorkflowRow): Promise<Record<string, unknown>> {
  const operationId = operationIdOf(workflow);
  const current = await deps.context.db.withTenant(workflow.tenantId, (tx) => repository.findOperation(tx, operationId));
  const operation = current?.status === 'failed' ? current : await runMintOperation(deps, workflow.tenantId, operationId);
  return toMintOperation(deps.explorer, operation);
}

/** Rejected: the operation fails with the reason and its reserved VCUs are available again. */
async function rejectMint(tx: Tx, workflow: ApprovalWorkflowRow, actor: Actor): Promise<void> {
  const operationId = operationIdOf(workflow);
  const released = await releaseReservation(tx, operationId);
  const error = `${approvalTexts.mintRejected} ${workflow.reason ?? ''}`.trim();
  await repository.updateOperation(tx, operationId, { status: 'failed', error });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'mint.rejected',
    resourceType: 'mint_operation',
    resourceId: operationId,
    details: { approvalRequestId: workflow.id, reason: workflow.reason, releasedBlocks: released.length },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

/** Registers the mint's handler with the engine; minting's clients keep branching on its MINTING__ codes. */
export function registerMintApprovals(deps: MintingDeps): void {
  registerApprovalHandler(deps.context.db, 'mint', {
    execute: (workflow) => executeApprovedMint(deps, workflow),
    rejectInTx: rejectMint,
    afterReject: (workflow) => Promise.resolve(deps.live.transactionRecorded(workflow.tenantId, { kind: 'mint_operation', id: operationIdOf(workflow) })),
    errors: { notPending: 'MINTING__APPROVAL_NOT_PENDING', selfApproval: 'MINTING__SELF_APPROVAL' },
  });
}
