import { randomUUID } from 'node:crypto';
import { CANCELLABLE_RETIREMENT_STATUSES, retirementTexts, type Retirement, type RetirementActionResult } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { createRetirementRequest } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { beneficiaryHash } from '../../lib/certificate-facts';
import { announceApprovalRequested, requestApproval, type ApprovalRequested } from '../approvals';
import { submitTransaction, type PreparedTransaction, type SubmissionResult } from '../chain';
import { assertWithinComplianceLimits } from '../compliance';
import type { BindOperation } from '../idempotency';
import { operationalWalletOfCompany } from '../wallets';
import { newCertificateNumber } from './retirements.certificate';
import { RETIREMENT_KINDS, sendManagedAllowance, tokenBalanceOf } from './retirements.chain';
import {
  audit,
  managedSignerOf,
  notifyCreator,
  publish,
  publishUnlessAnnounced,
  requireRetirement,
  viewOf,
  visibleTo,
  type RetirementDeps,
} from './retirements.context';
import { reconcileRetirement, runRetirement } from './retirements.lifecycle';
import {
  allowanceSpec,
  cancelAllowancePending,
  prepareAllowanceRenewal,
  prepareApproval,
  prepareBurn,
  prepareCancelAllowance,
  retirePreparedTransaction,
  stillSignable,
} from './retirements.prepared';
import * as repository from './retirements.repository';
import { preparedTransactionOf, preparedView, tonnesOf } from './retirements.view';

// What a holder asks of a retirement: create (now or scheduled), prepare, submit, cancel.

type CreateInput = z.output<typeof createRetirementRequest>;

/** The company, wallet and token a create names, checked for the actor; the tokens already promised to other retirements. */
async function creationFacts(deps: RetirementDeps, actor: Actor, input: CreateInput) {
  return deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const company = await repository.findCompany(tx, input.companyId);
    const scope = companyScopeOf(actor);
    if (!company || (scope && company.id !== scope)) {
      throw new AppError('NOT_FOUND', retirementTexts.selectCompany, { fields: { companyId: [retirementTexts.selectCompany] } });
    }
    if (company.kycStatus !== 'approved')
      throw new AppError('KYC_REQUIRED', retirementTexts.kycRequired, { fields: { companyId: [retirementTexts.kycRequired] } });
    const wallet = await operationalWalletOfCompany(tx, company.id, input.walletAddress);
    if (!wallet) throw AppError.validation({ walletAddress: [retirementTexts.walletRequired] }, retirementTexts.walletRequired);
    const projectMint = await repository.findProjectMintByAddress(tx, input.tokenMint);
    if (!projectMint) throw AppError.validation({ tokenMint: [retirementTexts.unknownToken] }, retirementTexts.unknownToken);
    const project = await deps.registry(tx).getProject(projectMint.projectId);
    const reserved = await repository.reservedAmount(tx, wallet.address, projectMint.mintAddress);
    return { company, wallet, projectMint, projectName: project?.name ?? projectMint.name, reserved };
  });
}

type CreationFacts = Awaited<ReturnType<typeof creationFacts>>;

/** The amount in base units, refused when the wallet's tokens not promised to other retirements do not cover it. */
async function coveredAmount(deps: RetirementDeps, facts: CreationFacts, tonnes: bigint): Promise<bigint> {
  const { wallet, projectMint } = facts;
  const amount = tonnes * 10n ** BigInt(projectMint.decimals);
  const free = (await tokenBalanceOf(deps.context, wallet.address, projectMint.mintAddress)) - facts.reserved;
  if (free < amount) {
    const available = free > 0n ? free / 10n ** BigInt(projectMint.decimals) : 0n;
    throw AppError.validation({ amount: [`${retirementTexts.insufficientTokens} ${available} tCO2e available.`] }, retirementTexts.insufficientTokens);
  }
  return amount;
}

function newRetirementRow(
  actor: Actor,
  input: CreateInput,
  facts: CreationFacts,
  amount: bigint,
  scheduledFor: Date | null,
  now: Date,
): repository.NewRetirementRow & { id: string } {
  const { wallet, projectMint } = facts;
  const id = randomUUID();
  return {
    id,
    tenantId: actor.tenantId,
    companyId: facts.company.id,
    userId: actor.userId,
    walletId: wallet.id,
    walletAddress: wallet.address,
    walletType: wallet.type,
    tokenMint: projectMint.mintAddress,
    tokenSymbol: projectMint.symbol,
    projectId: projectMint.projectId,
    projectName: facts.projectName,
    registry: projectMint.registry,
    vintage: projectMint.vintage,
    amount,
    decimals: projectMint.decimals,
    reason: input.reason,
    country: input.location.country,
    subdivision: input.location.subdivision ?? null,
    memo: input.memo ?? null,
    beneficiaryName: input.beneficiaryName,
    beneficiaryHash: beneficiaryHash(id, input.beneficiaryName),
    status: scheduledFor ? 'awaiting_signature' : wallet.type === 'platform_managed' ? 'processing' : 'pending',
    scheduledFor,
    certificateNumber: newCertificateNumber(now),
  };
}

/** Opens the retirement's approval workflow when its tCO2e exceed the delegation matrix's retirement limit; null when none applies. */
function requestRetirementApproval(
  tx: Tx,
  actor: Actor,
  values: repository.NewRetirementRow & { id: string },
  tonnes: bigint,
): Promise<ApprovalRequested | null> {
  return requestApproval(tx, actor, {
    operationType: 'retirement',
    subjectId: values.id,
    companyId: values.companyId,
    amount: tonnes,
    projectId: values.projectId,
    summary: `Retire ${tonnes} tCO2e of ${values.projectName} for ${values.beneficiaryName}`,
    details: { retirementId: values.id, walletAddress: values.walletAddress, scheduledFor: values.scheduledFor?.toISOString() ?? null },
  });
}

/** The first move of a new retirement: the managed wallet's approval or burn is sent here; an external wallet gets the transaction to sign. */
async function start(deps: RetirementDeps, row: repository.RetirementRow): Promise<RetirementActionResult['transaction']> {
  const managed = row.walletType === 'platform_managed';
  if (row.scheduledFor && managed) await approveForManagedWallet(deps, row);
  else if (row.scheduledFor) return preparedView(await prepareApproval(deps, row));
  else if (managed) await runRetirement(deps, row.tenantId, row.id);
  else return preparedView(await prepareBurn(deps, row));
  return null;
}

/**
 * docs/product.md §5: a connected approved wallet of the selected company, KYC/AML approved, enough
 * tokens not promised to other retirements. Retire now with an external wallet answers the
 * burn + certificate transaction to sign; with a platform-managed wallet it completes here.
 * A schedule answers the delegate approval to sign (or sends it for a managed wallet).
 * `bindKey` ties the request's Idempotency-Key to the retirement in the transaction that
 * creates it, before anything is sent: a retry of that key never creates a second one.
 */
export async function createRetirement(
  deps: RetirementDeps,
  actor: Actor,
  input: CreateInput,
  bindKey?: BindOperation,
  options: { approved?: boolean } = {},
): Promise<RetirementActionResult> {
  const now = new Date();
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
  if (scheduledFor && scheduledFor.getTime() <= now.getTime())
    throw AppError.validation({ scheduledFor: [retirementTexts.scheduleInPast] }, retirementTexts.scheduleInPast);
  const facts = await creationFacts(deps, actor, input);
  const amount = await coveredAmount(deps, facts, input.amount);
  const values = newRetirementRow(actor, input, facts, amount, scheduledFor, now);
  const { row, approval } = await deps.context.db.withTenant(actor.tenantId, async (tx) => {
    // docs/product.md §5 Compliance limits: within the company's daily and monthly tCO2e, checked with the insert.
    await assertWithinComplianceLimits(tx, { tenantId: actor.tenantId, companyId: facts.company.id, tonnes: input.amount, operation: 'retire' });
    // docs/product.md §5 Retirements: above the retirement approval limit it waits for its workflow (an approved offset request was already decided).
    const requested = options.approved ? null : await requestRetirementApproval(tx, actor, values, input.amount);
    const inserted = await repository.insertRetirement(tx, requested ? { ...values, status: 'awaiting_approval' } : values);
    await audit(tx, inserted, scheduledFor ? 'retirement.schedule_requested' : 'retirement.created', actor, {
      scheduledFor: scheduledFor?.toISOString() ?? null,
      approvalRequestId: requested?.workflow.id ?? null,
    });
    await bindKey?.(tx, inserted.id);
    return { row: inserted, approval: requested };
  });
  if (approval) {
    await announceApprovalRequested(deps.approvals, approval);
    return { retirement: await publish(deps, row.tenantId, row.id), transaction: null };
  }
  const transaction = await start(deps, row);
  // A managed wallet's schedule passes through processing unannounced while its approval is sent.
  return { retirement: await publishUnlessAnnounced(deps, row.tenantId, row.id, [row.status, 'processing']), transaction };
}

/**
 * What a create whose request stored no answer (it died after sending, or is still running)
 * answers for its retirement: the retirement reconciled with the chain, with the transaction
 * the holder signs while it waits for one — the prepared one if it can still be signed, else
 * a fresh one. Undefined while the platform's burn or approval is undecided (processing):
 * the retirement sweep finishes a run whose runner died.
 */
export async function createdRetirementOutcome(deps: RetirementDeps, actor: Actor, id: string): Promise<RetirementActionResult | undefined> {
  const row = visibleTo(actor, await reconcileRetirement(deps, actor.tenantId, id, 'observe'));
  if (row.status === 'processing') return undefined;
  let transaction: RetirementActionResult['transaction'] = null;
  if (row.status === 'pending' || row.status === 'awaiting_signature') {
    const prepared = await stillSignable(deps, row);
    transaction = preparedView(prepared ?? (row.status === 'pending' ? await prepareBurn(deps, row) : await prepareApproval(deps, row)));
  }
  return { retirement: await viewOf(deps, actor.tenantId, id), transaction };
}

export async function approveForManagedWallet(deps: RetirementDeps, row: repository.RetirementRow): Promise<void> {
  const target = await deps.context.db.withTenant(row.tenantId, async (tx) => {
    await repository.lockTokenAccount(tx, row.walletAddress, row.tokenMint);
    const sum = (await repository.scheduledSum(tx, row.walletAddress, row.tokenMint, { excluding: row.id })) + row.amount;
    await repository.updateRetirement(tx, row.id, { status: 'processing' });
    return sum;
  });
  const holder = await managedSignerOf(deps, row);
  const result = await sendManagedAllowance(deps.context, allowanceSpec(row, RETIREMENT_KINDS.approve, target), holder);
  await deps.context.db.withTenant(row.tenantId, (tx) => repository.updateRetirement(tx, row.id, { approvalTransactionId: result.transactionId }));
  await reconcileRetirement(deps, row.tenantId, row.id, 'observe');
}

/** A fresh transaction for the holder to sign: the burn (pending), the approval (awaiting_signature) or a cancellation's allowance change. */
export async function prepareRetirement(deps: RetirementDeps, actor: Actor, id: string): Promise<RetirementActionResult> {
  const row = await deps.context.db.withTenant(actor.tenantId, (tx) => requireRetirement(tx, actor, id));
  let prepared: PreparedTransaction;
  if (row.walletType === 'external' && row.status === 'pending') prepared = await prepareBurn(deps, row);
  else if (row.walletType === 'external' && row.status === 'awaiting_signature') prepared = await prepareApproval(deps, row);
  else if (row.walletType === 'external' && row.status === 'scheduled') prepared = await prepareAllowanceRenewal(deps, row);
  else if (row.walletType === 'external' && (await cancelAllowancePending(deps, row))) prepared = await prepareCancelAllowance(deps, row);
  else throw new AppError('RETIREMENT__NOTHING_TO_PREPARE');
  return { retirement: await publish(deps, row.tenantId, row.id), transaction: preparedView(prepared) };
}

type SubmitClaim = { transactionId: string; revertTo: repository.RetirementRow['status'] | null };

/** The signed allowance must still carry the sum the token account's schedules need. */
async function assertAllowanceMatches(tx: Tx, transactionId: string, expected: bigint): Promise<void> {
  const submission = await repository.findSubmissionRow(tx, transactionId);
  if (String(submission?.reference.amount) !== expected.toString()) throw new AppError('RETIREMENT__SCHEDULED_SUM_CHANGED');
}

/**
 * Claims the retirement for the submitted transaction under its row lock (and the token
 * account's allowance lock): the burn moves pending → processing, the approval
 * awaiting_signature → processing after checking it approves exactly the account's
 * scheduled sum, a cancellation's allowance change must carry the remaining sum.
 */
async function claimForSubmit(tx: Tx, actor: Actor, id: string): Promise<SubmitClaim> {
  const found = await requireRetirement(tx, actor, id);
  await repository.lockTokenAccount(tx, found.walletAddress, found.tokenMint);
  const row = (await repository.findRetirementForUpdate(tx, id))!;
  if (row.status === 'pending' && row.transactionId) {
    await repository.updateRetirement(tx, row.id, { status: 'processing', error: null });
    return { transactionId: row.transactionId, revertTo: 'pending' };
  }
  if (row.status === 'awaiting_signature' && row.approvalTransactionId) {
    await assertAllowanceMatches(
      tx,
      row.approvalTransactionId,
      (await repository.scheduledSum(tx, row.walletAddress, row.tokenMint, { excluding: row.id })) + row.amount,
    );
    await repository.updateRetirement(tx, row.id, { status: 'processing', error: null });
    return { transactionId: row.approvalTransactionId, revertTo: 'awaiting_signature' };
  }
  if (row.status === 'cancelled' && row.cancelTransactionId) {
    await assertAllowanceMatches(tx, row.cancelTransactionId, await repository.scheduledSum(tx, row.walletAddress, row.tokenMint));
    return { transactionId: row.cancelTransactionId, revertTo: null };
  }
  throw new AppError('RETIREMENT__NOT_AWAITING_SIGNATURE');
}

async function alreadySubmitted(deps: RetirementDeps, actor: Actor, id: string, signedTxBase64: string): Promise<boolean> {
  return deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const row = await requireRetirement(tx, actor, id);
    const submissions = await repository.submissionsOf(tx, row.id, Object.values(RETIREMENT_KINDS));
    return submissions.some((submission) => submission.signedTxBase64 === signedTxBase64);
  });
}

/** Nothing left the server (bad signature, other bytes, expired blockhash): the retirement waits for the holder's signature again. */
async function revertClaim(deps: RetirementDeps, actor: Actor, id: string, claim: SubmitClaim): Promise<void> {
  if (!claim.revertTo) return;
  const revertTo = claim.revertTo;
  await deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const submission = await repository.findSubmissionRow(tx, claim.transactionId);
    if (submission?.status === 'pending' || submission?.status === 'expired') {
      await repository.updateRetirement(tx, id, { status: revertTo, error: submission.status === 'expired' ? submission.error : null });
    }
  });
  await publish(deps, actor.tenantId, id);
}

/**
 * The holder's signed transaction: checked byte for byte against the prepared one and sent
 * once. The same signed bytes again answer the retirement as it stands (a double click, a
 * retry with another Idempotency-Key) without sending anything.
 */
export async function submitRetirement(deps: RetirementDeps, actor: Actor, id: string, signedTxBase64: string): Promise<Retirement> {
  if (await alreadySubmitted(deps, actor, id, signedTxBase64)) {
    await reconcileRetirement(deps, actor.tenantId, id, 'observe');
    return viewOf(deps, actor.tenantId, id);
  }
  const claim = await deps.context.db.withTenant(actor.tenantId, (tx) => claimForSubmit(tx, actor, id));
  let result: SubmissionResult;
  try {
    result = await submitTransaction(deps.context, { tenantId: actor.tenantId, transactionId: claim.transactionId, signedTxBase64 });
  } catch (error) {
    await revertClaim(deps, actor, id, claim);
    throw error;
  }
  await deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const row = (await repository.findRetirement(tx, id))!;
    await audit(tx, row, 'transaction.submitted', actor, { transactionId: result.transactionId, signature: result.signature, status: result.status });
  });
  await reconcileRetirement(deps, actor.tenantId, id, 'observe');
  // The claim moved it to processing unannounced; a cancellation's allowance change leaves it as cancelled as announced.
  return publishUnlessAnnounced(deps, actor.tenantId, id, ['processing']);
}

/**
 * docs/product.md §4: a retirement not yet sent can be cancelled. A scheduled one is cancelled at once
 * (the job will not run it) and the delegate's allowance is reduced to the account's remaining
 * scheduled sum (Revoke at zero): sent for a managed wallet, answered to sign for an external one.
 */
export async function cancelRetirement(deps: RetirementDeps, actor: Actor, id: string): Promise<RetirementActionResult> {
  const { context } = deps;
  const cancelled = await context.db.withTenant(actor.tenantId, async (tx) => {
    const found = await requireRetirement(tx, actor, id);
    await repository.lockTokenAccount(tx, found.walletAddress, found.tokenMint);
    const row = (await repository.findRetirementForUpdate(tx, id))!;
    if (!CANCELLABLE_RETIREMENT_STATUSES.includes(row.status)) throw new AppError('RETIREMENT__NOT_CANCELLABLE');
    if ((await retirePreparedTransaction(tx, preparedTransactionOf(row), 'The retirement was cancelled')) === 'already_sent')
      throw new AppError('RETIREMENT__NOT_CANCELLABLE');
    const updated = await repository.updateRetirement(tx, id, { status: 'cancelled', cancelledAt: new Date() });
    await audit(tx, updated, 'retirement.cancelled', actor, { previousStatus: row.status });
    return { row: updated, reduceAllowance: row.status === 'scheduled' };
  });
  let transaction: RetirementActionResult['transaction'] = null;
  if (cancelled.reduceAllowance) {
    if (cancelled.row.walletType === 'platform_managed') {
      const remaining = await context.db.withTenant(actor.tenantId, (tx) => repository.scheduledSum(tx, cancelled.row.walletAddress, cancelled.row.tokenMint));
      const result = await sendManagedAllowance(
        context,
        allowanceSpec(cancelled.row, RETIREMENT_KINDS.allowance, remaining),
        await managedSignerOf(deps, cancelled.row),
      );
      await context.db.withTenant(actor.tenantId, (tx) => repository.updateRetirement(tx, id, { cancelTransactionId: result.transactionId }));
    } else {
      transaction = preparedView(await prepareCancelAllowance(deps, cancelled.row));
    }
  }
  await notifyCreator(
    deps,
    cancelled.row,
    retirementTexts.cancelledTitle,
    `The retirement of ${tonnesOf(cancelled.row)} tCO2e of ${cancelled.row.projectName} was cancelled.`,
  );
  return { retirement: await publish(deps, actor.tenantId, id), transaction };
}
