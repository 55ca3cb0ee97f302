// A level that waits past its timeout escalates (docs/approvals.md "Timeouts"): a higher role may decide it, and is told.
import type { Role } from '@carbonledger/contracts';
import { recordAudit } from '../audit';
import { notify } from '../notifications';
import type { ApprovalsDeps } from './approvals.deps';
import { isOpen } from './approvals.eligibility';
import * as repository from './approvals.repository';
import { announceWorkflow, approverRecipients, levelNotice, timeoutOf } from './approvals.request';
import type { ApprovalWorkflowRow } from './approvals.types';

const SWEEP_BATCH = 100;

/** Company officers escalate to the tenant's administrators, administrators to the super administrators. */
export function escalationRoleOf(role: string): Role {
  return role === 'ADMIN' || role === 'SUPER_ADMIN' ? 'SUPER_ADMIN' : 'ADMIN';
}

/**
 * Escalates one overdue workflow under its row lock (a second sweep finds it no longer overdue):
 * a delegation ends, the escalation role decides beside the level's own, the level gets a fresh
 * timeout, and both roles' users are notified.
 */
async function escalate(deps: ApprovalsDeps, tenantId: string, id: string, now: Date): Promise<ApprovalWorkflowRow | null> {
  return deps.db.withTenant(tenantId, async (tx) => {
    const workflow = await repository.findWorkflowForUpdate(tx, id);
    if (!workflow || !isOpen(workflow) || workflow.timeoutAt > now) return null;
    const level = workflow.levels[workflow.level - 1];
    const role = escalationRoleOf(workflow.approverRole);
    await repository.insertDecision(tx, {
      tenantId,
      requestId: workflow.id,
      level: workflow.level,
      decision: 'escalated',
      actorUserId: null,
      delegateId: null,
      approverRole: role,
      reason: `No decision within ${level?.timeoutHours ?? 0} hours`,
    });
    const escalated = await repository.updateWorkflow(tx, workflow.id, {
      status: 'pending',
      approverRole: role,
      assignedTo: null,
      escalations: workflow.escalations + 1,
      timeoutAt: level ? timeoutOf(level, now) : now,
    });
    await recordAudit(tx, {
      tenantId,
      actorUserId: null,
      action: 'approval.escalated',
      resourceType: 'approval_request',
      resourceId: workflow.id,
      details: { operationType: workflow.type, level: workflow.level, from: workflow.approverRole, to: role, delegatedTo: workflow.assignedTo },
    });
    return escalated;
  });
}

/** The escalation pass (pg-boss, every minute): every tenant's overdue levels. Answers how many escalated. */
export async function escalateOverdueApprovals(deps: ApprovalsDeps, now = new Date()): Promise<number> {
  const overdue = await deps.db.asSystem((tx) => repository.listOverdueWorkflows(tx, now, SWEEP_BATCH));
  let count = 0;
  for (const { id, tenantId } of overdue) {
    const escalated = await escalate(deps, tenantId, id, now);
    if (!escalated) continue;
    count += 1;
    const original = escalated.levels[escalated.level - 1]?.approverRole ?? escalated.approverRole;
    const notice = levelNotice(escalated, 'Approval escalated');
    await notify(deps.db, deps.live, tenantId, approverRecipients(escalated), notice);
    if (original !== escalated.approverRole) await notify(deps.db, deps.live, tenantId, approverRecipients({ ...escalated, approverRole: original }), notice);
    announceWorkflow(deps.live, escalated);
  }
  return count;
}
