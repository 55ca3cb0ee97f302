import type { z } from 'zod';
import { OFFSET_OPERATION_TYPE, offsetTexts, retirementTexts, type createOffsetRequest, type OffsetRequest } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { announceApprovalRequested, announceWorkflow, requestApproval, settleApproval } from '../approvals';
import type { BindOperation } from '../idempotency';
import { operationalWalletOfCompany } from '../wallets';
import { audit, notifyRequester, publish, requireRequest, viewOf, type OffsetDeps } from './offsets.context';
import { executeOffsetRequest } from './offsets.execution';
import * as repository from './offsets.repository';

type CreateInput = z.output<typeof createOffsetRequest>;

/** The company, token and (own credits) wallet the request names, checked for the actor. */
async function requestFacts(deps: OffsetDeps, tx: Tx, actor: Actor, input: CreateInput) {
  const scope = companyScopeOf(actor);
  const company = await repository.findCompany(tx, input.companyId ?? actor.companyId);
  if (!company || (scope && company.id !== scope)) {
    throw new AppError('NOT_FOUND', retirementTexts.selectCompany, { fields: { companyId: [retirementTexts.selectCompany] } });
  }
  if (company.kycStatus !== 'approved')
    throw new AppError('KYC_REQUIRED', retirementTexts.kycRequired, { fields: { companyId: [retirementTexts.kycRequired] } });
  const mint = await repository.findProjectMint(tx, input.tokenMint);
  if (!mint) throw new AppError('OFFSET__UNKNOWN_TOKEN', undefined, { fields: { tokenMint: [offsetTexts.unknownToken] } });
  if (input.sourcing === 'own_credits') {
    const wallet = await operationalWalletOfCompany(tx, company.id, input.walletAddress ?? '');
    if (!wallet) throw new AppError('OFFSET__WALLET_REQUIRED', undefined, { fields: { walletAddress: [offsetTexts.walletRequired] } });
    if (wallet.type !== 'platform_managed')
      throw new AppError('OFFSET__MANAGED_WALLET_REQUIRED', undefined, { fields: { walletAddress: [offsetTexts.managedWalletRequired] } });
  }
  const project = await deps.retirements.registry(tx).getProject(mint.projectId);
  return { company, mint, projectName: project?.name ?? mint.name };
}

/**
 * docs/product.md §2 /offsets/requests: the request is stored, audited and handed to the approval
 * workflow in one transaction (`bindKey` ties the Idempotency-Key to it there); the approvers
 * are told after the commit. When the delegation matrix asks no approval for it, it runs at once.
 */
export async function createOffset(deps: OffsetDeps, actor: Actor, input: CreateInput, bindKey?: BindOperation): Promise<OffsetRequest> {
  const { row, requested } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const facts = await requestFacts(deps, tx, actor, input);
    const inserted = await repository.insertRequest(tx, {
      tenantId: actor.tenantId,
      companyId: facts.company.id,
      requestedBy: actor.userId,
      sourcing: input.sourcing,
      tokenMint: facts.mint.mintAddress,
      tokenSymbol: facts.mint.symbol,
      projectId: facts.mint.projectId,
      projectName: facts.projectName,
      walletAddress: input.sourcing === 'own_credits' ? (input.walletAddress ?? null) : null,
      quantity: input.quantity,
      beneficiaryName: input.beneficiaryName,
      purpose: input.purpose,
      reason: input.reason,
      country: input.country,
      requestedDate: input.requestedDate,
    });
    await audit(tx, inserted, 'offset_request.created', actor, { requestedDate: inserted.requestedDate, purpose: inserted.purpose });
    await bindKey?.(tx, inserted.id);
    const workflow = await requestApproval(tx, actor, {
      operationType: OFFSET_OPERATION_TYPE,
      subjectId: inserted.id,
      companyId: facts.company.id,
      amount: input.quantity,
      projectId: facts.mint.projectId,
      summary: `Offset of ${input.quantity} tCO2e of ${facts.projectName} on behalf of ${input.beneficiaryName} (${facts.company.name})`,
      details: { offsetRequestId: inserted.id, sourcing: input.sourcing },
    });
    const row = workflow ? await repository.updateRequest(tx, inserted.id, { approvalId: workflow.workflow.id }) : inserted;
    return { row, requested: workflow };
  });
  await announceApprovalRequested(deps.approvals, requested);
  // The execution announces the request's outcome itself.
  if (!requested) {
    await executeOffsetRequest(deps, row.tenantId, row.id, actor);
    return viewOf(deps, row.tenantId, row.id);
  }
  return publish(deps, row.tenantId, row.id);
}

/**
 * docs/product.md §2 /offsets/requests: the requester takes back a request still waiting for
 * approval. Under the request's row lock its open workflow is closed (rejected with the reason
 * "Withdrawn by the requester.") in the same transaction, so an approver's click either finds
 * the workflow closed or wins and leaves nothing to withdraw. Audited; the approvals lists, both
 * sides' screens and the requester hear of it.
 */
export async function withdrawOffset(deps: OffsetDeps, actor: Actor, id: string): Promise<OffsetRequest> {
  const { row, workflow } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireRequest(tx, actor, id);
    const current = (await repository.findRequestForUpdate(tx, id))!;
    if (current.requestedBy !== actor.userId) throw new AppError('OFFSET__NOT_REQUESTER');
    if (current.status !== 'pending_approval') throw new AppError('OFFSET__NOT_WITHDRAWABLE');
    const closed = await settleApproval(
      tx,
      actor,
      { operationType: OFFSET_OPERATION_TYPE, subjectId: id },
      { status: 'rejected', reason: offsetTexts.withdrawnReason },
    );
    // Its workflow was decided a moment ago: the approval's run owns the request now.
    if (current.approvalId && !closed) throw new AppError('OFFSET__NOT_WITHDRAWABLE');
    const updated = await repository.updateRequest(tx, id, { status: 'withdrawn', decidedAt: new Date() });
    await audit(tx, updated, 'offset_request.withdrawn', actor, { approvalRequestId: closed?.id ?? null });
    return { row: updated, workflow: closed };
  });
  if (workflow) announceWorkflow(deps.approvals.live, workflow);
  await notifyRequester(deps, row, offsetTexts.withdrawnTitle, `The offset of ${row.quantity} tCO2e for ${row.beneficiaryName} was withdrawn.`);
  return publish(deps, row.tenantId, row.id);
}
