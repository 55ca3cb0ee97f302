// A KYC decision the delegation matrix sends for approval (docs/kyc.md "Decisions that need approval"): it takes effect once approved.
import { KYC_DECIDABLE_STATUSES, type KycDecisionKind } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { registerApprovalHandler, type ApprovalWorkflowRow } from '../approvals';
import type { KycDeps } from './kyc.deps';
import { applyDecision, announceDecision } from './kyc.reviews';
import * as repository from './kyc.repository';

function requestedDecision(workflow: ApprovalWorkflowRow): { decision: KycDecisionKind; reason: string | undefined } {
  const { decision, reason } = workflow.details as { decision?: string; reason?: string | null };
  return { decision: decision === 'reject' ? 'reject' : 'approve', reason: reason ?? undefined };
}

/** Four-eyes holds for the approver too: whoever submitted the case never makes its decision take effect. */
async function assertNotSubmitter(tx: Tx, workflow: ApprovalWorkflowRow, actor: Actor): Promise<void> {
  const row = await repository.findCase(tx, workflow.subjectId, false);
  if (row?.submittedBy === actor.userId) throw new AppError('KYC__OWN_CASE');
}

/**
 * The last level approved: the officer's decision is recorded in their name, under the case's row
 * lock and only while the case still waits for a decision, so a second run (the engine's sweep after
 * a crash) changes nothing; the first one tells the screens, the compliance controls and the company.
 */
async function execute(deps: KycDeps, workflow: ApprovalWorkflowRow, actor: Actor): Promise<Record<string, unknown>> {
  const { decision, reason } = requestedDecision(workflow);
  const decided = await deps.db.withTenant(workflow.tenantId, async (tx) => {
    const row = await repository.findCase(tx, workflow.subjectId, true);
    if (!row || !KYC_DECIDABLE_STATUSES.includes(row.status)) return { status: row?.status ?? null, applied: null };
    const applied = await applyDecision(tx, actor, row, decision, reason, workflow.requestorId ?? actor.userId, { approvalRequestId: workflow.id });
    return { status: applied.updated.status, applied };
  });
  if (decided.applied) await announceDecision(deps, actor, decided.applied, decision, reason);
  return { caseId: workflow.subjectId, decision, status: decided.status };
}

/** Registers the KYC decision's handler with the engine (once per app, from the routes plugin); a rejected workflow leaves the case waiting for another decision. */
export function registerKycDecisionApprovals(deps: KycDeps): void {
  registerApprovalHandler(deps.db, 'kyc_decision', {
    approveInTx: assertNotSubmitter,
    execute: (workflow, actor) => execute(deps, workflow, actor),
  });
}
