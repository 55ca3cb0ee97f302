// A retirement above the retirement approval limit in the approval engine (docs/approvals.md "Retirement"): started once approved, released when rejected.
import { retirementTexts } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { registerApprovalHandler, type ApprovalWorkflowRow } from '../approvals';
import { approveForManagedWallet } from './retirements.commands';
import { audit, publish, type RetirementDeps } from './retirements.context';
import { markFailed, runRetirement } from './retirements.lifecycle';
import * as repository from './retirements.repository';

/** Where an approved retirement starts: what it would have been created as without the approval. */
function statusOnApproval(row: repository.RetirementRow): repository.RetirementRow['status'] {
  if (row.scheduledFor) return 'awaiting_signature';
  return row.walletType === 'platform_managed' ? 'processing' : 'pending';
}

/**
 * The last level approved, in its transaction (so exactly once): the retirement leaves
 * awaiting_approval. The company's KYC/AML is checked again, as a scheduled retirement's is when
 * it runs: one withdrawn while the request waited fails it, and its tokens are free again.
 */
async function approveInTx(tx: Tx, workflow: ApprovalWorkflowRow, actor: Actor): Promise<void> {
  const row = await repository.findRetirementForUpdate(tx, workflow.subjectId);
  if (row?.status !== 'awaiting_approval') return;
  const company = await repository.findCompany(tx, row.companyId);
  if (company?.kycStatus !== 'approved') {
    await markFailed(tx, row, retirementTexts.kycRequired);
    return;
  }
  const started = await repository.updateRetirement(tx, row.id, { status: statusOnApproval(row), error: null });
  await audit(tx, started, 'retirement.approved', actor, { approvalRequestId: workflow.id });
}

/**
 * After the approval committed: a platform-managed wallet's retirement is sent by the server (a
 * scheduled one's delegate approval, else the burn); an external wallet's waits for its holder to
 * sign from the history (the requester is told by the engine). Run again by the engine's sweep
 * after a crash: the runner lease and the recorded approval make a second run send nothing twice.
 */
async function execute(deps: RetirementDeps, workflow: ApprovalWorkflowRow): Promise<Record<string, unknown>> {
  const row = await deps.context.db.withTenant(workflow.tenantId, (tx) => repository.findRetirement(tx, workflow.subjectId));
  if (row?.walletType === 'platform_managed') {
    if (row.scheduledFor && row.status === 'awaiting_signature' && !row.approvalTransactionId) await approveForManagedWallet(deps, row);
    else if (!row.scheduledFor && row.status === 'processing') await runRetirement(deps, row.tenantId, row.id);
  }
  const view = await publish(deps, workflow.tenantId, workflow.subjectId);
  return { retirementId: view.id, status: view.status, certificateNumber: view.certificateNumber };
}

/** Rejected: the retirement fails with the reason; its tokens and its compliance volume are free again. */
async function rejectInTx(tx: Tx, workflow: ApprovalWorkflowRow, actor: Actor): Promise<void> {
  const row = await repository.findRetirementForUpdate(tx, workflow.subjectId);
  if (row?.status !== 'awaiting_approval') return;
  const error = `${retirementTexts.approvalRejected} ${workflow.reason ?? ''}`.trim();
  const failed = await repository.updateRetirement(tx, row.id, { status: 'failed', error });
  await audit(tx, failed, 'retirement.rejected', actor, { approvalRequestId: workflow.id, reason: workflow.reason });
}

/** Registers the retirement's handler with the engine (once per app, from the routes plugin). */
export function registerRetirementApprovals(deps: RetirementDeps): void {
  registerApprovalHandler(deps.context.db, 'retirement', {
    approveInTx,
    execute: (workflow) => execute(deps, workflow),
    rejectInTx,
    afterReject: async (workflow) => {
      await publish(deps, workflow.tenantId, workflow.subjectId);
    },
  });
}
