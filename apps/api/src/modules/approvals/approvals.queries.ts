// Workflows as the API answers them: the Pending and All Workflows lists, one workflow, the count the badge shows, delegates.
import { APPROVAL_HISTORY_DAYS, type ApprovalWorkflow, type approvalListQuery } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { mayBeDelegate, refusalFor } from './approvals.eligibility';
import * as repository from './approvals.repository';
import type { ApprovalWorkflowRow } from './approvals.types';

const DAY_MS = 24 * 60 * 60_000;

/** The workflows with their decisions and the names behind them, as the caller sees them. */
export async function workflowViews(tx: Tx, actor: Actor, rows: readonly ApprovalWorkflowRow[]): Promise<ApprovalWorkflow[]> {
  const decisions = await repository.decisionsOf(
    tx,
    rows.map((row) => row.id),
  );
  const personIds = new Set<string>();
  for (const row of rows) for (const id of [row.requestorId, row.assignedTo]) if (id) personIds.add(id);
  for (const decision of decisions) for (const id of [decision.actorUserId, decision.delegateId]) if (id) personIds.add(id);
  const people = new Map((await repository.peopleByIds(tx, [...personIds])).map((person) => [person.id, person.name]));
  const companies = await repository.companyNames(tx, [...new Set(rows.map((row) => row.companyId))]);
  const nameOf = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return rows.map((row) => {
    const own = decisions.filter((decision) => decision.requestId === row.id);
    return {
      id: row.id,
      type: row.type,
      summary: row.summary,
      companyId: row.companyId,
      companyName: companies.get(row.companyId) ?? null,
      requestorId: row.requestorId,
      requestorName: nameOf(row.requestorId),
      projectId: row.projectId,
      credits: row.credits?.toString() ?? null,
      status: row.status,
      priority: row.priority,
      level: row.level,
      totalLevels: row.totalLevels,
      approverRole: row.approverRole,
      assignedTo: row.assignedTo,
      assignedToName: nameOf(row.assignedTo),
      timeoutAt: row.timeoutAt.toISOString(),
      escalations: row.escalations,
      subjectId: row.subjectId,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      executedAt: row.executedAt?.toISOString() ?? null,
      canDecide: refusalFor(row, own, actor) === null,
      decisions: own.map((decision) => ({
        level: decision.level,
        decision: decision.decision,
        actorId: decision.actorUserId,
        actorName: nameOf(decision.actorUserId),
        delegateId: decision.delegateId,
        delegateName: nameOf(decision.delegateId),
        approverRole: decision.approverRole,
        reason: decision.reason,
        createdAt: decision.createdAt.toISOString(),
      })),
    };
  });
}

/** Pending: the open workflows of the caller's scope, most urgent first. All Workflows: the last 30 days (docs/product.md §9), filtered. */
export async function listWorkflows(db: Database, actor: Actor, query: z.output<typeof approvalListQuery>): Promise<ApprovalWorkflow[]> {
  return db.withTenant(actor.tenantId, async (tx) => {
    const rows = await repository.listWorkflows(tx, {
      companyId: companyScopeOf(actor),
      open: query.view === 'pending',
      since: query.view === 'all' ? new Date(Date.now() - APPROVAL_HISTORY_DAYS * DAY_MS) : undefined,
      status: query.status,
      type: query.type,
      priority: query.priority,
      search: query.search,
      limit: query.limit,
    });
    return workflowViews(tx, actor, rows);
  });
}

/** A workflow of the caller's scope; another company's answers 404. */
export async function visibleWorkflow(tx: Tx, actor: Actor, id: string, forUpdate = false): Promise<ApprovalWorkflowRow> {
  const row = forUpdate ? await repository.findWorkflowForUpdate(tx, id) : await repository.findWorkflow(tx, id);
  const scope = companyScopeOf(actor);
  if (!row || (scope && row.companyId !== scope)) throw AppError.notFound('Approval request');
  return row;
}

export async function getWorkflow(db: Database, actor: Actor, id: string): Promise<ApprovalWorkflow> {
  return db.withTenant(actor.tenantId, async (tx) => (await workflowViews(tx, actor, [await visibleWorkflow(tx, actor, id)]))[0]!);
}

/** approvals_count: the open workflows the user's Pending tab lists (their company's, or the tenant's for administrators). */
export async function pendingApprovalsCountOf(db: Database, who: Pick<Actor, 'tenantId' | 'companyId' | 'role'>): Promise<number> {
  return db.withTenant(who.tenantId, (tx) => repository.countOpenWorkflows(tx, companyScopeOf(who)));
}

/** The users the caller could hand the current level to. */
export async function eligibleDelegates(db: Database, actor: Actor, id: string) {
  return db.withTenant(actor.tenantId, async (tx) => {
    const workflow = await visibleWorkflow(tx, actor, id);
    const decisions = await repository.decisionsOf(tx, [workflow.id]);
    const roles = [...new Set([workflow.approverRole, workflow.levels[workflow.level - 1]?.approverRole ?? workflow.approverRole, 'SUPER_ADMIN'])];
    const candidates = await repository.activeUsersWithRoles(tx, roles as Actor['role'][]);
    return candidates
      .filter((candidate) => mayBeDelegate(workflow, decisions, actor.userId, candidate))
      .map((candidate) => ({ id: candidate.id, name: candidate.name, email: candidate.email, role: candidate.role }));
  });
}

/** A workflow by id in the caller's transaction (a module reading the approval of its own operation). */
export async function approvalWorkflowById(tx: Tx, id: string): Promise<ApprovalWorkflowRow | undefined> {
  return repository.findWorkflow(tx, id);
}

/** The subject's workflow still waiting for a decision (pending or delegated), if any. */
export async function openApprovalOf(tx: Tx, operationType: ApprovalWorkflowRow['type'], subjectId: string): Promise<ApprovalWorkflowRow | undefined> {
  return repository.findOpenWorkflowOfSubject(tx, operationType, subjectId);
}
