// Working the exception queue: assign, resolve (a sync through the approval engine), and the
// re-check that alone may close a discrepancy (docs/reconciliation.md "Resolutions").
import { address } from '@solana/kit';
import type { ChainClient } from '@carbonledger/chain';
import {
  actsForWholeTenant,
  RESTRICTED_ROUTES,
  SERVER_EVENTS,
  type AuditAction,
  type DiscrepancyResolution,
  type ReconciliationUpdatePayload,
  type ResolveDiscrepancyRequest,
  type ResolveDiscrepancyResult,
} from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { announceApprovalRequested, requestApproval, type ApprovalHandler, type ApprovalsDeps, type ApprovalWorkflowRow } from '../approvals';
import { recordAudit } from '../audit';
import { presenceOnChain } from '../chain';
import { ledgerRange, registryFindings, submissionFinding, supplyFinding } from './reconciliation.findings';
import { resolutionOptions } from './reconciliation.policy';
import { discrepancyView, visibleDiscrepancy } from './reconciliation.queries';
import * as repository from './reconciliation.repository';

export const RECONCILIATION_SYNC = 'reconciliation_sync' as const;

/** What the queue's commands need from the app (reconciliationDepsOf). */
export interface QueueDeps {
  db: Database;
  chain: ChainClient;
  approvals: ApprovalsDeps;
  live: { emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void };
}

export interface Recheck {
  agrees: boolean;
  expected: string;
  actual: string;
}

/** reconciliation_update to the discrepancy's company (the actor's for a tenant-wide one) and the tenant's administrators. */
export function announceQueueChange(deps: Pick<QueueDeps, 'live'>, target: { tenantId: string; companyId: string }, discrepancyId: string | null): void {
  deps.live.emitToCompany(target, SERVER_EVENTS.reconciliationUpdate, { discrepancyId } satisfies ReconciliationUpdatePayload);
}

async function audit(tx: Tx, actor: Actor, action: AuditAction, row: repository.DiscrepancyRow, details: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    resourceType: 'reconciliation_discrepancy',
    resourceId: row.id,
    details: { type: row.type, entityType: row.entityType, entityId: row.entityId, tokenMint: row.tokenMint, ...details },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

/**
 * The entity of the discrepancy compared again, now: the same comparisons as a pass
 * (reconciliation.findings.ts), for this one submission, mint or registry holding.
 */
export async function recheck(tx: Tx, chain: ChainClient, row: repository.DiscrepancyRow): Promise<Recheck> {
  if (row.entityType === 'chain_submission') {
    const submission = await repository.findSubmissionRow(tx, row.entityId);
    if (!submission?.signature) return { agrees: false, expected: 'recorded transaction', actual: 'not found' };
    const seen = (await presenceOnChain(chain, [submission.signature])).get(submission.signature) ?? { state: 'absent' as const };
    const actual = seen.state === 'landed' ? 'confirmed' : seen.state === 'failed' ? `failed: ${seen.error}` : 'not found';
    if (submission.status === 'pending' || submission.status === 'sent') return { agrees: false, expected: submission.status, actual };
    const finding = submissionFinding({ ...submission, signature: submission.signature, status: submission.status, companyId: row.companyId }, seen, null);
    return { agrees: finding === null, expected: submission.status, actual };
  }
  const [ledger] = await repository.mintLedgers(tx, { tenantId: row.tenantId, mintAddress: row.entityId });
  if (!ledger) return { agrees: false, expected: 'recorded token', actual: 'not found' };
  if (row.entityType === 'token_mint') {
    const supply = (await chain.getMint(address(ledger.mintAddress)))?.supply ?? null;
    return {
      agrees: supplyFinding(ledger, ledger, supply) === null,
      expected: ledgerRange(ledger).expected.toString(),
      actual: supply?.toString() ?? 'not found',
    };
  }
  const finding = registryFindings(ledger).find((candidate) => candidate.entityType === row.entityType);
  const scale = 10n ** BigInt(ledger.decimals);
  const registry = row.entityType === 'registry_locked' ? ledger.registryLocked : ledger.registryRetired;
  const expected = row.entityType === 'registry_locked' ? ledgerRange(ledger).expected : ledger.retired;
  return { agrees: finding === undefined, expected: expected.toString(), actual: (registry * scale).toString() };
}

/**
 * A sync to the database, with what the ledger and the chain say now (not when the discrepancy
 * was found). A token's ledger only ever goes down, to the chain's supply: the adjustment is the
 * smallest that explains the chain even if every retirement in flight completes, and none is
 * written when the chain is not below the ledger any more (the DB refuses a positive one too).
 * A submission's recorded status becomes the chain's.
 */
async function syncToDatabase(tx: Tx, chain: ChainClient, actor: Actor, row: repository.DiscrepancyRow, reason: string): Promise<Record<string, unknown>> {
  if (row.entityType === 'token_mint') {
    const [ledger] = await repository.mintLedgers(tx, { tenantId: row.tenantId, mintAddress: row.entityId });
    if (!ledger) throw AppError.notFound('Token');
    const supply = (await chain.getMint(address(ledger.mintAddress)))?.supply ?? 0n;
    const delta = supply - ledgerRange(ledger).low;
    if (delta >= 0n) return { adjustment: null };
    await repository.insertAdjustment(tx, {
      tenantId: row.tenantId,
      tokenMint: ledger.mintAddress,
      discrepancyId: row.id,
      delta,
      reason,
      createdBy: actor.userId,
    });
    return { adjustment: delta.toString() };
  }
  const submission = await repository.findSubmissionRow(tx, row.entityId);
  if (!submission?.signature) throw AppError.notFound('Transaction');
  const seen = (await presenceOnChain(chain, [submission.signature])).get(submission.signature) ?? { state: 'absent' as const };
  if (seen.state === 'absent' && (await chain.getBlockHeight()) <= submission.lastValidBlockHeight) {
    // It may still land: the chain has not decided yet, so there is nothing to sync to.
    throw new AppError('RECONCILIATION__SYNC_NOT_EXECUTABLE', 'This transaction could still land on chain; try again once its blockhash has expired.');
  }
  const status = seen.state === 'landed' ? 'confirmed' : seen.state === 'failed' ? 'failed' : 'expired';
  await repository.setSubmissionStatus(tx, submission.id, status, seen.state === 'failed' ? seen.error : null);
  return { submissionStatus: { from: submission.status, to: status } };
}

/**
 * Runs the resolution on the locked row, re-checks, and closes the discrepancy only if the
 * re-check agrees; audited either way. Inside the caller's transaction (with the approval's
 * when it was approved), so a sync and its outcome commit together.
 */
async function apply(
  tx: Tx,
  chain: ChainClient,
  actor: Actor,
  row: repository.DiscrepancyRow,
  action: DiscrepancyResolution,
  reason: string,
  extra: Record<string, unknown> = {},
): Promise<{ row: repository.DiscrepancyRow; recheck: Recheck }> {
  const option = resolutionOptions({ ...row, submissionKind: (await repository.findDiscrepancyView(tx, row.id))?.submissionKind ?? null }).find(
    (candidate) => candidate.action === action,
  )!;
  // Checked again when an approved sync runs: nothing that would create a tonne ever executes.
  if (!option.executable) throw new AppError(option.refusal!);
  const effect = action === 'sync_to_database' ? await syncToDatabase(tx, chain, actor, row, reason) : {};
  const result = await recheck(tx, chain, row);
  const closed = result.agrees;
  const updated = await repository.updateDiscrepancy(tx, row.id, {
    status: closed ? 'resolved' : 'open',
    resolution: action,
    resolutionReason: reason,
    resolvedAt: closed ? new Date() : null,
    resolvedBy: closed ? actor.userId : null,
    ...(closed ? {} : { expected: result.expected, actual: result.actual }),
  });
  await audit(tx, actor, closed ? 'reconciliation.resolved' : 'reconciliation.still_open', row, {
    action,
    reason,
    recheck: result,
    ...effect,
    ...extra,
  });
  return { row: updated, recheck: result };
}

async function lockOpen(tx: Tx, actor: Actor, id: string): Promise<repository.DiscrepancyRow> {
  await visibleDiscrepancy(tx, actor, id);
  const row = (await repository.lockDiscrepancy(tx, id))!;
  if (row.status === 'resolved') throw new AppError('RECONCILIATION__ALREADY_RESOLVED');
  if (row.status === 'awaiting_approval') throw new AppError('RECONCILIATION__AWAITING_APPROVAL');
  return row;
}

function targetOf(actor: Actor, row: Pick<repository.DiscrepancyRow, 'tenantId' | 'companyId'>) {
  return { tenantId: row.tenantId, companyId: row.companyId ?? actor.companyId };
}

/**
 * docs/product.md §4 resolutions, each with a reason. A refused direction answers its domain
 * error (and is audited); a sync opens a reconciliation_sync workflow and runs once approved;
 * mark resolved (or a sync no matrix level applies to) runs now. Either way the discrepancy
 * closes only if the re-check agrees.
 */
export async function resolveDiscrepancy(deps: QueueDeps, actor: Actor, id: string, input: ResolveDiscrepancyRequest): Promise<ResolveDiscrepancyResult> {
  const refused = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await lockOpen(tx, actor, id);
    const view = await repository.findDiscrepancyView(tx, id);
    const option = resolutionOptions({ ...row, submissionKind: view?.submissionKind ?? null }).find((candidate) => candidate.action === input.action)!;
    if (option.executable) return null;
    await audit(tx, actor, 'reconciliation.resolution_refused', row, { action: input.action, reason: input.reason, refusal: option.refusal });
    return option.refusal!;
  });
  if (refused) throw new AppError(refused);

  const outcome = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await lockOpen(tx, actor, id);
    if (input.action !== 'mark_resolved') {
      const requested = await requestApproval(tx, actor, {
        operationType: RECONCILIATION_SYNC,
        subjectId: row.id,
        companyId: row.companyId ?? actor.companyId,
        summary: `${input.action === 'sync_to_chain' ? 'Sync to chain' : 'Sync to database'}: ${row.type} on ${row.project ?? row.entityId}`,
        details: { discrepancyId: row.id, action: input.action, reason: input.reason },
      });
      if (requested) {
        const updated = await repository.updateDiscrepancy(tx, row.id, {
          status: 'awaiting_approval',
          resolution: input.action,
          resolutionReason: input.reason,
          approvalId: requested.workflow.id,
        });
        await audit(tx, actor, 'reconciliation.sync_requested', row, { action: input.action, reason: input.reason, approvalId: requested.workflow.id });
        return { row: updated, recheck: null, requested };
      }
    }
    return { ...(await apply(tx, deps.chain, actor, row, input.action, input.reason)), requested: null };
  });
  await announceApprovalRequested(deps.approvals, outcome.requested);
  announceQueueChange(deps, targetOf(actor, outcome.row), outcome.row.id);
  const discrepancy = await discrepancyView(deps.db, actor.tenantId, id);
  return {
    outcome: outcome.requested ? 'awaiting_approval' : outcome.row.status === 'resolved' ? 'resolved' : 'still_open',
    discrepancy,
    recheck: outcome.recheck,
  };
}

/** Assigns the discrepancy (or takes the assignment back): an active reconciliation user who may see it. */
export async function assignDiscrepancy(deps: QueueDeps, actor: Actor, id: string, assigneeId: string | null) {
  const row = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await visibleDiscrepancy(tx, actor, id);
    const locked = (await repository.lockDiscrepancy(tx, id))!;
    if (locked.status === 'resolved') throw new AppError('RECONCILIATION__ALREADY_RESOLVED');
    if (assigneeId) {
      const [candidate] = (await repository.assignableUsers(tx, RESTRICTED_ROUTES['/reconciliation'])).filter((user) => user.id === assigneeId);
      const seesIt = candidate && (actsForWholeTenant(candidate.role) || (locked.companyId !== null && candidate.companyId === locked.companyId));
      if (!seesIt) throw new AppError('RECONCILIATION__ASSIGNEE_NOT_ALLOWED');
    }
    const updated = await repository.updateDiscrepancy(tx, id, { assigneeId });
    await audit(tx, actor, 'reconciliation.assigned', locked, { from: locked.assigneeId, to: assigneeId });
    return updated;
  });
  announceQueueChange(deps, targetOf(actor, row), row.id);
  return discrepancyView(deps.db, actor.tenantId, id);
}

/**
 * The approval engine's side: the last approval runs the sync once (the row is claimed under its
 * lock while awaiting approval; a second run finds it decided and does nothing); a rejection
 * puts it back in the queue, open.
 */
export function reconciliationSyncHandler(deps: QueueDeps): ApprovalHandler {
  const details = (workflow: ApprovalWorkflowRow) => workflow.details as { discrepancyId: string; action: DiscrepancyResolution; reason: string };
  return {
    execute: async (workflow, approver) => {
      const { discrepancyId, action, reason } = details(workflow);
      const done = await deps.db.withTenant(workflow.tenantId, async (tx) => {
        const row = await repository.lockDiscrepancy(tx, discrepancyId);
        if (row?.status !== 'awaiting_approval' || row.approvalId !== workflow.id) return row;
        try {
          return (await apply(tx, deps.chain, approver, row, action, reason, { approvalId: workflow.id, requestedBy: workflow.requestorId })).row;
        } catch (error) {
          if (!(error instanceof AppError) || error.code === 'SERVICE_UNAVAILABLE') throw error;
          // The chain moved since the request and the sync no longer applies: back in the queue, said why.
          await audit(tx, approver, 'reconciliation.sync_failed', row, { action, reason, approvalId: workflow.id, error: error.message });
          return repository.updateDiscrepancy(tx, row.id, { status: 'open' });
        }
      });
      if (done) announceQueueChange(deps, targetOf(approver, done), done.id);
      return done ? { discrepancyId: done.id, status: done.status } : null;
    },
    rejectInTx: async (tx, workflow, approver) => {
      const { discrepancyId } = details(workflow);
      const row = await repository.lockDiscrepancy(tx, discrepancyId);
      if (row?.status !== 'awaiting_approval' || row.approvalId !== workflow.id) return;
      await repository.updateDiscrepancy(tx, row.id, { status: 'open' });
      await audit(tx, approver, 'reconciliation.sync_rejected', row, { approvalId: workflow.id, reason: workflow.reason });
    },
    afterReject: (workflow, approver) => {
      announceQueueChange(deps, { tenantId: workflow.tenantId, companyId: workflow.companyId ?? approver.companyId }, details(workflow).discrepancyId);
      return Promise.resolve();
    },
  };
}
