// An approver's decisions on a workflow's current level: approve (the last level runs the operation), reject, delegate.
import type { ApprovalDecisionResult, AuditAction, DomainErrorCode } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { notify } from '../notifications';
import type { ApprovalsDeps } from './approvals.deps';
import { mayBeDelegate, refusalFor } from './approvals.eligibility';
import { executeApproved } from './approvals.execution';
import { approvalHandlerOf } from './approvals.handlers';
import { visibleWorkflow, workflowViews } from './approvals.queries';
import { announceDecision } from './approvals.settle';
import * as repository from './approvals.repository';
import { announceWorkflow, approverRecipients, levelNotice, timeoutOf } from './approvals.request';
import type { ApprovalHandler, ApprovalWorkflowRow } from './approvals.types';

/** The refusal as the operation's own code where its clients know one (a mint's MINTING__ codes). */
function refusalError(reason: DomainErrorCode, handler: ApprovalHandler | undefined): AppError {
  if (reason === 'APPROVALS__NOT_PENDING' && handler?.errors?.notPending) return new AppError(handler.errors.notPending);
  if (reason === 'APPROVALS__SELF_APPROVAL' && handler?.errors?.selfApproval) return new AppError(handler.errors.selfApproval);
  return new AppError(reason);
}

/** The workflow locked, with its decisions, after checking the caller may decide its current level. */
async function lockForDecision(deps: ApprovalsDeps, tx: Tx, actor: Actor, id: string) {
  const workflow = await visibleWorkflow(tx, actor, id, true);
  const handler = approvalHandlerOf(deps.db, workflow.type);
  const decisions = await repository.decisionsOf(tx, [workflow.id]);
  const refusal = refusalFor(workflow, decisions, actor);
  if (refusal) throw refusalError(refusal, handler);
  return { workflow, handler, decisions };
}

async function audit(tx: Tx, actor: Actor, action: AuditAction, workflow: ApprovalWorkflowRow, details: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    resourceType: 'approval_request',
    resourceId: workflow.id,
    details: { operationType: workflow.type, subjectId: workflow.subjectId, level: workflow.level, ...details },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

async function answer(
  deps: ApprovalsDeps,
  actor: Actor,
  workflow: ApprovalWorkflowRow,
  operation: Record<string, unknown> | null,
): Promise<ApprovalDecisionResult> {
  announceWorkflow(deps.live, workflow);
  const approval = await deps.db.withTenant(actor.tenantId, async (tx) => (await workflowViews(tx, actor, [workflow]))[0]!);
  return { approval, operation };
}

async function tellRequestor(deps: ApprovalsDeps, workflow: ApprovalWorkflowRow, title: string, message: string): Promise<void> {
  if (!workflow.requestorId) return;
  await notify(deps.db, deps.live, workflow.tenantId, { userIds: [workflow.requestorId] }, { type: 'APPROVAL', title, message, link: '/approvals' });
}

/**
 * Approves the current level. A level before the last hands the workflow to the next level's
 * role; the last one approves it and the operation runs: the handler's in-transaction part
 * with the approval, its chain part once that committed. The row lock and the one-approval-
 * per-level index make two approvers clicking at once one approval and one execution.
 */
export async function approveWorkflow(deps: ApprovalsDeps, actor: Actor, id: string, comment?: string): Promise<ApprovalDecisionResult> {
  const { workflow, handler, final } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const locked = await lockForDecision(deps, tx, actor, id);
    const current = locked.workflow;
    await repository.insertDecision(tx, {
      tenantId: actor.tenantId,
      requestId: current.id,
      level: current.level,
      decision: 'approved',
      actorUserId: actor.userId,
      approverRole: current.approverRole,
      reason: comment ?? null,
    });
    const next = current.levels[current.level];
    if (next) {
      const moved = await repository.updateWorkflow(tx, current.id, {
        level: current.level + 1,
        approverRole: next.approverRole,
        assignedTo: null,
        status: 'pending',
        timeoutAt: timeoutOf(next),
      });
      await audit(tx, actor, 'approval.level_approved', current, { nextLevel: moved.level, nextApproverRole: next.approverRole });
      return { workflow: moved, handler: locked.handler, final: false };
    }
    const approved = await repository.updateWorkflow(tx, current.id, { status: 'approved', decidedBy: actor.userId, decidedAt: new Date(), assignedTo: null });
    await audit(tx, actor, 'approval.approved', current, { credits: current.credits?.toString() ?? null });
    await announceDecision(tx, approved);
    await locked.handler?.approveInTx?.(tx, approved, actor);
    const done = locked.handler?.execute ? approved : await repository.updateWorkflow(tx, current.id, { executedAt: new Date() });
    return { workflow: done, handler: locked.handler, final: true };
  });
  if (!final) {
    await notify(deps.db, deps.live, workflow.tenantId, approverRecipients(workflow), levelNotice(workflow, 'Approval requested'));
    return answer(deps, actor, workflow, null);
  }
  let operation: Record<string, unknown> | null = null;
  if (handler?.execute) {
    try {
      operation = await executeApproved(deps, workflow, actor);
    } catch (error) {
      // The approval stands (the sweep runs the operation again); the lists still hear of it.
      announceWorkflow(deps.live, workflow);
      throw error;
    }
  }
  await tellRequestor(deps, workflow, 'Request approved', `${workflow.summary}: approved.`);
  const fresh = await deps.db.withTenant(actor.tenantId, (tx) => visibleWorkflow(tx, actor, id));
  return answer(deps, actor, fresh, operation);
}

/** Rejects the request at its current level: the operation never runs and gives back what it held. */
export async function rejectWorkflow(deps: ApprovalsDeps, actor: Actor, id: string, reason: string): Promise<ApprovalDecisionResult> {
  const { workflow, handler } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const locked = await lockForDecision(deps, tx, actor, id);
    const current = locked.workflow;
    await repository.insertDecision(tx, {
      tenantId: actor.tenantId,
      requestId: current.id,
      level: current.level,
      decision: 'rejected',
      actorUserId: actor.userId,
      approverRole: current.approverRole,
      reason,
    });
    const rejected = await repository.updateWorkflow(tx, current.id, {
      status: 'rejected',
      decidedBy: actor.userId,
      decidedAt: new Date(),
      reason,
      assignedTo: null,
    });
    await audit(tx, actor, 'approval.rejected', current, { reason });
    await announceDecision(tx, rejected);
    await locked.handler?.rejectInTx?.(tx, rejected, actor);
    return { workflow: rejected, handler: locked.handler };
  });
  await handler?.afterReject?.(workflow, actor);
  await tellRequestor(deps, workflow, 'Request rejected', `${workflow.summary}: rejected (${reason}).`);
  return answer(deps, actor, workflow, null);
}

/** Hands the current level to another user who may decide it; they alone decide it now, within a fresh timeout. */
export async function delegateWorkflow(deps: ApprovalsDeps, actor: Actor, id: string, delegateTo: string, reason?: string): Promise<ApprovalDecisionResult> {
  const workflow = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const { workflow: current, decisions } = await lockForDecision(deps, tx, actor, id);
    const [candidate] = await repository.peopleByIds(tx, [delegateTo]);
    if (!candidate || !mayBeDelegate(current, decisions, actor.userId, candidate))
      throw new AppError('APPROVALS__DELEGATE_NOT_ELIGIBLE', undefined, { fields: { delegateTo: [new AppError('APPROVALS__DELEGATE_NOT_ELIGIBLE').message] } });
    await repository.insertDecision(tx, {
      tenantId: actor.tenantId,
      requestId: current.id,
      level: current.level,
      decision: 'delegated',
      actorUserId: actor.userId,
      delegateId: candidate.id,
      approverRole: current.approverRole,
      reason: reason ?? null,
    });
    const level = current.levels[current.level - 1];
    const delegated = await repository.updateWorkflow(tx, current.id, {
      status: 'delegated',
      assignedTo: candidate.id,
      ...(level ? { timeoutAt: timeoutOf(level) } : {}),
    });
    await audit(tx, actor, 'approval.delegated', current, { delegateTo: candidate.id, reason: reason ?? null });
    return delegated;
  });
  await notify(deps.db, deps.live, workflow.tenantId, { userIds: [delegateTo] }, levelNotice(workflow, 'Approval delegated to you'));
  return answer(deps, actor, workflow, null);
}
