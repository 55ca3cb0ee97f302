// A subject decided outside the engine (a wallet approved on the Wallet Approvals screen) closes its open workflow.
import type { ApprovalOperationType } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { recordWebhookEvent } from '../webhooks';
import * as repository from './approvals.repository';
import type { ApprovalWorkflowRow } from './approvals.types';

/** approval.decided for webhooks and the event stream, in the deciding transaction. */
export function announceDecision(tx: Tx, workflow: ApprovalWorkflowRow): Promise<void> {
  return recordWebhookEvent(tx, {
    tenantId: workflow.tenantId,
    companyId: workflow.companyId,
    type: 'approval.decided',
    data: {
      workflowId: workflow.id,
      companyId: workflow.companyId,
      operationType: workflow.type,
      decision: workflow.status === 'approved' ? 'approved' : 'rejected',
      level: workflow.level,
      reason: workflow.reason ?? null,
    },
  });
}

/**
 * Marks the subject's open workflow approved (and executed: the caller just did the work) or
 * rejected, in the caller's transaction, without running its handler. Answers the closed
 * workflow (to announce after the commit), or null when none was open.
 */
export async function settleApproval(
  tx: Tx,
  actor: Actor,
  subject: { operationType: ApprovalOperationType; subjectId: string },
  outcome: { status: 'approved' | 'rejected'; reason?: string },
): Promise<ApprovalWorkflowRow | null> {
  const open = await repository.findOpenWorkflowOfSubject(tx, subject.operationType, subject.subjectId);
  if (!open) return null;
  const now = new Date();
  await repository.insertDecision(tx, {
    tenantId: actor.tenantId,
    requestId: open.id,
    level: open.level,
    decision: outcome.status,
    actorUserId: actor.userId,
    approverRole: actor.role,
    reason: outcome.reason ?? null,
  });
  const settled = await repository.updateWorkflow(tx, open.id, {
    status: outcome.status,
    decidedBy: actor.userId,
    decidedAt: now,
    assignedTo: null,
    reason: outcome.reason ?? null,
    ...(outcome.status === 'approved' ? { executedAt: now } : {}),
  });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: `approval.${outcome.status}`,
    resourceType: 'approval_request',
    resourceId: open.id,
    details: { operationType: open.type, subjectId: open.subjectId, level: open.level, decidedOutside: true },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
  await announceDecision(tx, settled);
  return settled;
}
