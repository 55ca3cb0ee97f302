// Who may decide a workflow's current level (docs/approvals.md "Who decides").
import { actsForWholeTenant, type DomainErrorCode, type Role } from '@carbonledger/contracts';
import type { Actor } from '../../lib/actor';
import type { DecisionRow } from './approvals.repository';
import type { ApprovalWorkflowRow } from './approvals.types';

type Decider = Pick<Actor, 'userId' | 'role' | 'companyId'>;

export function isOpen(workflow: Pick<ApprovalWorkflowRow, 'status'>): boolean {
  return workflow.status === 'pending' || workflow.status === 'delegated';
}

/**
 * The level's role decides (an escalation widens it to the escalation role, the configured
 * role keeps deciding); SUPER_ADMIN always may. Roles that do not act tenant-wide decide only
 * for their own company.
 */
export function holdsLevelRole(workflow: ApprovalWorkflowRow, who: Pick<Actor, 'role' | 'companyId'>): boolean {
  const configured = workflow.levels[workflow.level - 1]?.approverRole;
  const roleFits = who.role === 'SUPER_ADMIN' || who.role === workflow.approverRole || who.role === configured;
  return roleFits && (actsForWholeTenant(who.role) || who.companyId === workflow.companyId);
}

/** Why the caller may not decide the current level now, or null when they may. */
export function refusalFor(workflow: ApprovalWorkflowRow, decisions: readonly DecisionRow[], who: Decider): DomainErrorCode | null {
  if (!isOpen(workflow)) return 'APPROVALS__NOT_PENDING';
  if (workflow.requestorId === who.userId) return 'APPROVALS__SELF_APPROVAL';
  if (workflow.assignedTo) {
    if (workflow.assignedTo !== who.userId) return 'APPROVALS__NOT_DELEGATE';
  } else if (!holdsLevelRole(workflow, who)) return 'APPROVALS__NOT_APPROVER';
  const approvedEarlier = decisions.some((decision) => decision.decision === 'approved' && decision.actorUserId === who.userId);
  if (approvedEarlier) return 'APPROVALS__ALREADY_APPROVED_LEVEL';
  return null;
}

/** A delegate: active, not the requestor or the delegator, and holding the level's role (in the company when that role is company-bound). */
export function mayBeDelegate(
  workflow: ApprovalWorkflowRow,
  decisions: readonly DecisionRow[],
  delegator: string,
  candidate: { id: string; role: Role; companyId: string; status: string },
): boolean {
  if (candidate.status !== 'active' || candidate.id === delegator || candidate.id === workflow.requestorId) return false;
  const approvedEarlier = decisions.some((decision) => decision.decision === 'approved' && decision.actorUserId === candidate.id);
  return !approvedEarlier && holdsLevelRole(workflow, candidate);
}
