// Opening a workflow for an operation above its limit, and telling its approvers.
import type { ApprovalLevel, Role } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { notify, type NotificationContent } from '../notifications';
import type { ApprovalsDeps, ApprovalsLive } from './approvals.deps';
import { levelsFor, matrixEntryOf } from './approvals.matrix';
import * as repository from './approvals.repository';
import type { ApprovalPriority, ApprovalRequested, ApprovalRequestInput, ApprovalWorkflowRow } from './approvals.types';

const HOUR_MS = 60 * 60_000;

/** docs/product.md §9: priority high from 5×, critical from 10× the limit. */
export function priorityFor(amount: bigint | undefined, limit: bigint): ApprovalPriority {
  if (amount === undefined || limit <= 0n) return 'medium';
  if (amount >= limit * 10n) return 'critical';
  if (amount >= limit * 5n) return 'high';
  return 'medium';
}

export function timeoutOf(level: ApprovalLevel, from = new Date()): Date {
  return new Date(from.getTime() + level.timeoutHours * HOUR_MS);
}

/** Who may decide a level: its role (SUPER_ADMIN always may), in the workflow's company unless the role acts tenant-wide. */
export function approverRecipients(workflow: Pick<ApprovalWorkflowRow, 'approverRole' | 'companyId'>): { roles: Role[]; companyId?: string } {
  const role = workflow.approverRole as Role;
  const tenantWide = role === 'ADMIN' || role === 'SUPER_ADMIN';
  return tenantWide ? { roles: [...new Set<Role>([role, 'SUPER_ADMIN'])] } : { roles: [role], companyId: workflow.companyId };
}

export function levelNotice(workflow: ApprovalWorkflowRow, title: string): NotificationContent {
  return { type: 'APPROVAL', title, message: `${workflow.summary} (level ${workflow.level} of ${workflow.totalLevels}).`, link: '/approvals' };
}

/**
 * Opens the operation's workflow in the caller's transaction, with the levels of the tenant's
 * delegation matrix its amount exceeds; null when none applies (the operation runs now). A
 * subject's open workflow is answered as it is, so asking twice opens one.
 */
export async function requestApproval(tx: Tx, actor: Actor, input: ApprovalRequestInput): Promise<ApprovalRequested | null> {
  const existing = await repository.findOpenWorkflowOfSubject(tx, input.operationType, input.subjectId);
  if (existing) return { workflow: existing, created: false };
  const matrix = await matrixEntryOf(tx, input.operationType);
  const levels = levelsFor(matrix.levels, input.amount);
  const first = levels[0];
  if (!first) return null;
  const workflow = await repository.insertWorkflow(tx, {
    tenantId: actor.tenantId,
    companyId: input.companyId ?? actor.companyId,
    type: input.operationType,
    requestorId: actor.userId,
    projectId: input.projectId ?? null,
    credits: input.amount ?? null,
    priority: input.priority ?? priorityFor(input.amount, BigInt(first.limitTco2e)),
    level: 1,
    approverRole: first.approverRole,
    timeoutAt: timeoutOf(first),
    operationId: input.mintOperationId ?? null,
    subjectId: input.subjectId,
    summary: input.summary.slice(0, 500),
    details: input.details ?? {},
    levels,
    totalLevels: levels.length,
    matrixVersion: matrix.version,
  });
  await repository.insertDecision(tx, {
    tenantId: actor.tenantId,
    requestId: workflow.id,
    level: 0,
    decision: 'requested',
    actorUserId: actor.userId,
    approverRole: first.approverRole,
  });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'approval.requested',
    resourceType: 'approval_request',
    resourceId: workflow.id,
    details: {
      operationType: input.operationType,
      subjectId: input.subjectId,
      amount: input.amount?.toString() ?? null,
      levels: levels.length,
      matrixVersion: matrix.version,
      priority: workflow.priority,
    },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    apiKey: actor.apiKey,
  });
  return { workflow, created: true };
}

/**
 * After the requesting transaction committed: the current level's approvers are notified and
 * every open approvals list hears of it. A workflow that was already open is announced again
 * only to the lists.
 */
export async function announceApprovalRequested(deps: ApprovalsDeps, requested: ApprovalRequested | null): Promise<void> {
  if (!requested) return;
  const { workflow } = requested;
  announceWorkflow(deps.live, workflow);
  if (!requested.created) return;
  await notify(deps.db, deps.live, workflow.tenantId, approverRecipients(workflow), levelNotice(workflow, 'Approval requested'));
}

/** approval_update to the company's members and the tenant's administrators, approvals_count to every subscriber of the tenant. */
export function announceWorkflow(live: ApprovalsLive, workflow: ApprovalWorkflowRow): void {
  live.approvalsChanged(workflow, {
    workflowId: workflow.id,
    companyId: workflow.companyId,
    type: workflow.type,
    status: workflow.status,
    level: workflow.level,
  });
}
