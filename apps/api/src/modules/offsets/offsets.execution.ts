import { offsetTexts, utcToday } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { ApprovalHandler, ApprovalWorkflowRow } from '../approvals';
import { createRetirement } from '../retirements';
import { audit, notifyRequester, publish, type OffsetDeps } from './offsets.context';
import * as repository from './offsets.repository';

// What the final approval of an offset request runs (docs/product.md §2 /offsets/requests).

type Outcome = Record<string, unknown>;

const outcomeOf = (row: repository.OffsetRequestRow): Outcome => ({
  offsetRequestId: row.id,
  status: row.status,
  retirementId: row.retirementId,
  error: row.error,
});

/** Takes the request for execution under its row lock: nothing to run once it has its retirement, was rejected, withdrawn or failed. */
async function claim(deps: OffsetDeps, tenantId: string, id: string): Promise<{ row: repository.OffsetRequestRow; run: boolean }> {
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = await repository.findRequestForUpdate(tx, id);
    if (!row) throw AppError.notFound('Offset request');
    if (row.retirementId || row.status === 'rejected' || row.status === 'failed' || row.status === 'withdrawn') return { row, run: false };
    if (row.status === 'approved') return { row, run: true };
    return { row: await repository.updateRequest(tx, id, { status: 'approved', decidedAt: new Date() }), run: true };
  });
}

/** Where the credits come from: the request's own wallet, or the platform company's managed wallets in turn. */
async function sources(deps: OffsetDeps, row: repository.OffsetRequestRow): Promise<{ companyId: string; wallets: string[] }> {
  if (row.sourcing === 'own_credits') return { companyId: row.companyId, wallets: [row.walletAddress!] };
  return deps.db.withTenant(row.tenantId, async (tx) => {
    const platform = await repository.platformCompanyId(tx);
    return { companyId: platform ?? row.companyId, wallets: platform ? await repository.platformManagedWallets(tx, platform) : [] };
  });
}

/** A refusal the request cannot get past by trying again (no tokens, KYC, wallet gone); a server-side failure is tried again by the engine's sweep. */
const isBusinessFailure = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

async function markFailed(deps: OffsetDeps, row: repository.OffsetRequestRow, message: string): Promise<repository.OffsetRequestRow> {
  const failed = await deps.db.withTenant(row.tenantId, async (tx) => {
    const current = (await repository.findRequestForUpdate(tx, row.id))!;
    if (current.retirementId) return current;
    const updated = await repository.updateRequest(tx, row.id, { status: 'failed', error: message.slice(0, 1000) });
    await audit(tx, updated, 'offset_request.failed', null, { error: updated.error });
    return updated;
  });
  if (failed.status === 'failed') {
    await notifyRequester(
      deps,
      failed,
      offsetTexts.failedTitle,
      `The offset of ${failed.quantity} tCO2e for ${failed.beneficiaryName} could not be retired: ${failed.error}`,
    );
  }
  return failed;
}

/**
 * Runs an approved request: the retirement is created through the retirements service with a
 * binder that links it to the request in the transaction inserting it, so it exists once
 * whatever runs this again (the engine's sweep after a crash, two nodes at once): a second run
 * finds the link and creates nothing. A request dated later is scheduled for that day.
 * The retirement acts for the company whose wallet holds the credits with a platform
 * administrator's reach (a sourced request's wallet is not the requester's company's), in the
 * requester's name; the approver's request is what the audit trail ties it to.
 */
export async function executeOffsetRequest(deps: OffsetDeps, tenantId: string, id: string, approver: Actor): Promise<Outcome> {
  const claimed = await claim(deps, tenantId, id);
  if (!claimed.run) return outcomeOf(claimed.row);
  const row = claimed.row;
  const source = await sources(deps, row);
  const executor: Actor = {
    tenantId,
    companyId: source.companyId,
    userId: row.requestedBy ?? approver.userId,
    role: 'ADMIN',
    requestId: approver.requestId ?? null,
    ip: approver.ip ?? null,
  };
  const bind = async (tx: Tx, retirementId: string) => {
    if (!(await repository.bindRetirement(tx, row.id, retirementId))) throw new AppError('CONFLICT', 'This offset request already has its retirement.');
    await audit(tx, row, 'offset_request.retirement_started', approver, { retirementId });
  };
  let failure: AppError = new AppError('OFFSET__NO_PLATFORM_SOURCE');
  for (const walletAddress of source.wallets) {
    try {
      await createRetirement(
        deps.retirements,
        executor,
        {
          companyId: source.companyId,
          walletAddress,
          tokenMint: row.tokenMint,
          amount: row.quantity,
          reason: row.reason,
          location: { country: row.country },
          memo: row.purpose,
          beneficiaryName: row.beneficiaryName,
          scheduledFor: row.requestedDate > utcToday() ? `${row.requestedDate}T00:00:00.000Z` : undefined,
        },
        bind,
        // The request's own workflow approved it: the retirement does not ask again.
        { approved: true },
      );
      return finished(deps, row);
    } catch (error) {
      // Linked by another run, or sent on after the link committed: the retirement stands, and its own sweep finishes it.
      const current = await deps.db.withTenant(tenantId, (tx) => repository.findRequest(tx, row.id));
      if (current?.retirementId) return finished(deps, current);
      if (!isBusinessFailure(error)) throw error;
      failure = row.sourcing === 'platform_sourced' && error.code === 'VALIDATION_ERROR' ? new AppError('OFFSET__NO_PLATFORM_SOURCE') : error;
      if (row.sourcing === 'own_credits') break;
    }
  }
  const failed = await markFailed(deps, row, failure.message);
  await publish(deps, tenantId, row.id);
  return outcomeOf(failed);
}

async function finished(deps: OffsetDeps, row: repository.OffsetRequestRow): Promise<Outcome> {
  const view = await publish(deps, row.tenantId, row.id);
  const current = { ...row, retirementId: view.retirementId };
  if (view.status === 'completed') {
    await notifyRequester(
      deps,
      current,
      offsetTexts.completedTitle,
      `${view.quantity} tCO2e of ${view.projectName} were retired on behalf of ${view.beneficiaryName} (certificate ${view.certificateNumber}).`,
    );
  } else {
    await notifyRequester(
      deps,
      current,
      offsetTexts.approvedTitle,
      `The offset of ${view.quantity} tCO2e for ${view.beneficiaryName} was approved and is being retired.`,
    );
  }
  return { offsetRequestId: view.id, status: view.status, retirementId: view.retirementId, certificateNumber: view.certificateNumber };
}

async function reject(tx: Tx, workflow: ApprovalWorkflowRow, actor: Actor): Promise<void> {
  const row = await repository.findRequestForUpdate(tx, workflow.subjectId);
  if (!row || row.status !== 'pending_approval') return;
  const updated = await repository.updateRequest(tx, row.id, { status: 'rejected', decidedAt: new Date(), error: workflow.reason });
  await audit(tx, updated, 'offset_request.rejected', actor, { reason: workflow.reason });
}

async function afterReject(deps: OffsetDeps, workflow: ApprovalWorkflowRow): Promise<void> {
  const view = await publish(deps, workflow.tenantId, workflow.subjectId);
  const row = await deps.db.withTenant(workflow.tenantId, (tx) => repository.findRequest(tx, workflow.subjectId));
  if (row && view.status === 'rejected') {
    const reason = row.error ? `: ${row.error}` : '.';
    await notifyRequester(deps, row, offsetTexts.rejectedTitle, `The offset of ${row.quantity} tCO2e for ${row.beneficiaryName} was rejected${reason}`);
  }
}

/** The approval engine's handler of offset requests (registered by the routes plugin). */
export function offsetApprovalHandler(deps: OffsetDeps): ApprovalHandler {
  return {
    execute: (workflow, actor) => executeOffsetRequest(deps, workflow.tenantId, workflow.subjectId, actor),
    rejectInTx: reject,
    afterReject: (workflow) => afterReject(deps, workflow),
  };
}
