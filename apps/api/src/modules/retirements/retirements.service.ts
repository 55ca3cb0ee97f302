import { randomInt, randomUUID } from 'node:crypto';
import { address, generateKeyPairSigner, type TransactionSigner } from '@solana/kit';
import {
  actsForWholeTenant,
  CANCELLABLE_RETIREMENT_STATUSES,
  SERVER_EVENTS,
  retirementTexts,
  type Retirement,
  type RetirementActionResult,
  type RetirementList,
  type RetirementStats,
} from '@carbonledger/contracts';
import type { z } from 'zod';
import type { createRetirementRequest, retirementListQuery } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { explorerUrl, type ExplorerTarget } from '../../lib/explorer';
import type { Actor } from '../../lib/actor';
import { beneficiaryHash, certificateFacts, certificateFactsHash, certificateMetadata, type CertificateFacts } from '../../lib/certificate-facts';
import { recordAudit } from '../audit/audit.service';
import type { BindOperation } from '../idempotency/idempotency.plugin';
import { certificateVerifyUrl } from '../certificates/certificates.service';
import { findSubmissionForUpdate, markFinished } from '../chain/submissions.repository';
import { submitTransaction, trackSentSubmissions, type ChainContext, type PreparedTransaction, type SubmissionResult } from '../chain/submissions.service';
import { landedOnChain } from '../chain/chain-presence';
import { notify, type NotificationPublisher } from '../notifications/notifications.service';
import type { RegistryProvider } from '../registry/registry.adapter';
import { retireTokenisedUnits } from '../registry/vcu-blocks.service';
import { platformManagedSigner } from '../wallets/managed-wallet-keys';
import { operationalWalletOfCompany } from '../wallets/wallets.service';
import { findWalletByAddress } from '../wallets/wallets.repository';
import {
  RETIREMENT_KINDS,
  prepareHolderAllowance,
  prepareHolderBurn,
  sendManagedAllowance,
  sendPlatformBurn,
  tokenBalanceOf,
  type AllowanceSpec,
  type BurnSpec,
} from './retirements.chain';
import * as repository from './retirements.repository';

export interface RetirementDeps {
  context: ChainContext;
  publisher: NotificationPublisher;
  live: { emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void; transactionRecorded(tenantId: string, record: { kind: 'retirement'; id: string }): void };
  explorer: ExplorerTarget;
  registry: RegistryProvider;
  masterKey: Buffer;
  /** Base of the public links written into certificates, e.g. "https://ledger.example.com". */
  publicBaseUrl: string;
  /** Asks the job queue to run the retirement at its scheduled time. */
  schedule(job: { tenantId: string; retirementId: string; at: Date }): Promise<void>;
}

export type RetirementActor = Actor;

/** How long a runner may hold a retirement before another one may take over (crash, restart). */
const RUNNER_LEASE_MS = 60_000;
/** A submit claims the retirement (processing) just before it sends; a claim this old whose transaction never left was abandoned by a crash. */
const ABANDONED_CLAIM_MS = 120_000;
const CERTIFICATE_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function scopeOf(actor: RetirementActor): string | undefined {
  return actsForWholeTenant(actor.role) ? undefined : actor.companyId;
}

function newCertificateNumber(now: Date): string {
  const suffix = Array.from({ length: 8 }, () => CERTIFICATE_NUMBER_ALPHABET[randomInt(CERTIFICATE_NUMBER_ALPHABET.length)]).join('');
  return `CLC-${now.getUTCFullYear()}-${suffix}`;
}

function tonnesOf(row: Pick<repository.RetirementRow, 'amount' | 'decimals'>): bigint {
  return row.amount / 10n ** BigInt(row.decimals);
}

/** Where a retirement waiting for the holder's signature keeps its prepared transaction: the burn (pending) or the delegate approval (awaiting_signature). */
const PREPARED_TRANSACTION = { pending: 'transactionId', awaiting_signature: 'approvalTransactionId' } as const;
type AwaitingHolder = keyof typeof PREPARED_TRANSACTION;

function preparedTransactionOf(row: repository.RetirementRow): string | null {
  return row.status === 'pending' || row.status === 'awaiting_signature' ? row[PREPARED_TRANSACTION[row.status]] : null;
}

export function toRetirement(deps: Pick<RetirementDeps, 'explorer'>, row: repository.RetirementView): Retirement {
  // Reconciliation found the burn missing on chain (e.g. the chain lost it in a crash): never
  // shown as retired, nor its certificate, while that is open. The record itself is not changed.
  const burnMissing = row.status === 'completed' && row.burnDiscrepancy !== null;
  return {
    id: row.id,
    status: burnMissing ? 'processing' : row.status,
    amount: row.amount.toString(),
    decimals: row.decimals,
    companyId: row.companyId,
    companyName: row.companyName,
    walletAddress: row.walletAddress,
    walletType: row.walletType,
    tokenMint: row.tokenMint,
    tokenSymbol: row.tokenSymbol,
    projectId: row.projectId,
    projectName: row.projectName,
    vintage: row.vintage,
    reason: row.reason,
    country: row.country,
    subdivision: row.subdivision,
    memo: row.memo,
    beneficiaryName: row.beneficiaryName,
    signature: row.signature,
    explorerUrl: row.signature ? explorerUrl(deps.explorer, 'tx', row.signature) : null,
    registry: row.registry,
    registryReference: row.registryReference,
    serialNumbers: row.serialNumbers,
    certificateId: burnMissing ? null : row.certificateId,
    certificateNumber: row.certificateId && !burnMissing ? row.certificateNumber : null,
    certificateMint: row.certificateMint,
    transactionId: preparedTransactionOf(row),
    error: burnMissing ? `${retirementTexts.burnNotOnChain} ${row.burnDiscrepancy}` : row.error,
    createdAt: row.createdAt.toISOString(),
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

function preparedView(prepared: PreparedTransaction): RetirementActionResult['transaction'] {
  return {
    transactionId: prepared.transactionId,
    unsignedTxBase64: prepared.unsignedTxBase64,
    requiredSigner: prepared.requiredSigner,
    lastValidBlockHeight: prepared.lastValidBlockHeight.toString(),
  };
}

async function viewOf(deps: RetirementDeps, tenantId: string, id: string): Promise<Retirement> {
  const row = await deps.context.db.withTenant(tenantId, (tx) => repository.findRetirementView(tx, id));
  if (!row) throw AppError.notFound('Retirement');
  return toRetirement(deps, row);
}

async function publish(deps: RetirementDeps, tenantId: string, id: string): Promise<Retirement> {
  return announce(deps, tenantId, await viewOf(deps, tenantId, id));
}

function announce(deps: RetirementDeps, tenantId: string, view: Retirement): Retirement {
  deps.live.emitToCompany({ tenantId, companyId: view.companyId }, SERVER_EVENTS.retirementUpdate, view);
  deps.live.transactionRecorded(tenantId, { kind: 'retirement', id: view.id });
  return view;
}

/**
 * The answer of a request that reconciled on the way. Reconciliation announces every status
 * it sets (completed, scheduled, failed, …), so the request announces the retirement only
 * while it still stands in a status the request set itself: one event per state change.
 */
async function publishUnlessAnnounced(deps: RetirementDeps, tenantId: string, id: string, ownStatuses: readonly Retirement['status'][]): Promise<Retirement> {
  const view = await viewOf(deps, tenantId, id);
  return ownStatuses.includes(view.status) ? announce(deps, tenantId, view) : view;
}

function visibleTo<Row extends repository.RetirementRow>(actor: RetirementActor, row: Row | undefined): Row {
  const scope = scopeOf(actor);
  if (!row || (scope && row.companyId !== scope)) throw AppError.notFound('Retirement');
  return row;
}

async function requireRetirement(tx: Tx, actor: RetirementActor, id: string): Promise<repository.RetirementRow> {
  return visibleTo(actor, await repository.findRetirement(tx, id));
}

function audit(tx: Tx, row: repository.RetirementRow, action: string, actor: Partial<RetirementActor> | null, details: Record<string, unknown> = {}) {
  return recordAudit(tx, {
    tenantId: row.tenantId,
    actorUserId: actor?.userId ?? null,
    action,
    resourceType: 'retirement',
    resourceId: row.id,
    details: { amount: row.amount.toString(), tokenMint: row.tokenMint, walletAddress: row.walletAddress, ...details },
    ip: actor?.ip ?? null,
    requestId: actor?.requestId ?? null,
  });
}

/** A notification to the user who asked for the retirement, if they are still known. */
async function notifyCreator(deps: RetirementDeps, row: repository.RetirementRow, title: string, message: string): Promise<void> {
  if (!row.userId) return;
  await notify(deps.context.db, deps.publisher, row.tenantId, { userIds: [row.userId] }, { type: 'TRANSACTION', title, message, link: '/retirements' });
}

// ---------------------------------------------------------------------------------------------
// Certificates

function factsOf(row: repository.RetirementRow, certificateMint: string): CertificateFacts {
  return certificateFacts({ number: row.certificateNumber, retirementId: row.id, holderAddress: row.walletAddress, certificateMint, beneficiaryHash: row.beneficiaryHash }, row);
}

async function burnSpec(deps: RetirementDeps, row: repository.RetirementRow): Promise<BurnSpec> {
  const certificateMint = await generateKeyPairSigner();
  return {
    tenantId: row.tenantId,
    retirementId: row.id,
    holder: row.walletAddress,
    tokenMint: row.tokenMint,
    decimals: row.decimals,
    amount: row.amount,
    certificateMint,
    metadata: certificateMetadata(factsOf(row, certificateMint.address), certificateVerifyUrl(deps.publicBaseUrl, row.certificateNumber)),
    createdBy: row.userId,
  };
}

// ---------------------------------------------------------------------------------------------
// Create

/**
 * SPEC §5: a connected approved wallet of the selected company, KYC/AML approved, enough
 * tokens not promised to other retirements. Retire now with an external wallet answers the
 * burn + certificate transaction to sign; with a platform-managed wallet it completes here.
 * A schedule answers the delegate approval to sign (or sends it for a managed wallet).
 * `bindKey` ties the request's Idempotency-Key to the retirement in the transaction that
 * creates it, before anything is sent: a retry of that key never creates a second one.
 */
export async function createRetirement(deps: RetirementDeps, actor: RetirementActor, input: z.output<typeof createRetirementRequest>, bindKey?: BindOperation): Promise<RetirementActionResult> {
  const { context } = deps;
  const now = new Date();
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
  if (scheduledFor && scheduledFor.getTime() <= now.getTime()) throw AppError.validation({ scheduledFor: [retirementTexts.scheduleInPast] }, retirementTexts.scheduleInPast);

  const facts = await context.db.withTenant(actor.tenantId, async (tx) => {
    const company = await repository.findCompany(tx, input.companyId);
    if (!company || (!actsForWholeTenant(actor.role) && company.id !== actor.companyId)) {
      throw new AppError('NOT_FOUND', retirementTexts.selectCompany, { fields: { companyId: [retirementTexts.selectCompany] } });
    }
    if (company.kycStatus !== 'approved') throw new AppError('KYC_REQUIRED', retirementTexts.kycRequired, { fields: { companyId: [retirementTexts.kycRequired] } });
    const wallet = await operationalWalletOfCompany(tx, company.id, input.walletAddress);
    if (!wallet) throw AppError.validation({ walletAddress: [retirementTexts.walletRequired] }, retirementTexts.walletRequired);
    const projectMint = await repository.findProjectMintByAddress(tx, input.tokenMint);
    if (!projectMint) throw AppError.validation({ tokenMint: [retirementTexts.unknownToken] }, retirementTexts.unknownToken);
    const project = await deps.registry(tx).getProject(projectMint.projectId);
    const reserved = await repository.reservedAmount(tx, wallet.address, projectMint.mintAddress);
    return { company, wallet, projectMint, projectName: project?.name ?? projectMint.name, reserved };
  });
  const { wallet, projectMint } = facts;
  const amount = input.amount * 10n ** BigInt(projectMint.decimals);
  const free = (await tokenBalanceOf(context, wallet.address, projectMint.mintAddress)) - facts.reserved;
  if (free < amount) {
    const available = free > 0n ? free / 10n ** BigInt(projectMint.decimals) : 0n;
    throw AppError.validation({ amount: [`${retirementTexts.insufficientTokens} ${available} tCO2e available.`] }, retirementTexts.insufficientTokens);
  }

  const id = randomUUID();
  const managed = wallet.type === 'platform_managed';
  const row = await context.db.withTenant(actor.tenantId, async (tx) => {
    const inserted = await repository.insertRetirement(tx, {
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
      status: scheduledFor ? 'awaiting_signature' : managed ? 'processing' : 'pending',
      scheduledFor,
      certificateNumber: newCertificateNumber(now),
    });
    await audit(tx, inserted, scheduledFor ? 'retirement.schedule_requested' : 'retirement.created', actor, { scheduledFor: scheduledFor?.toISOString() ?? null });
    await bindKey?.(tx, id);
    return inserted;
  });

  let transaction: RetirementActionResult['transaction'] = null;
  if (scheduledFor && managed) await approveForManagedWallet(deps, row);
  else if (scheduledFor) transaction = preparedView(await prepareApproval(deps, row));
  else if (managed) await runRetirement(deps, row.tenantId, row.id);
  else transaction = preparedView(await prepareBurn(deps, row));
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
export async function createdRetirementOutcome(deps: RetirementDeps, actor: RetirementActor, id: string): Promise<RetirementActionResult | undefined> {
  const row = visibleTo(actor, await reconcileRetirement(deps, actor.tenantId, id, 'observe'));
  if (row.status === 'processing') return undefined;
  let transaction: RetirementActionResult['transaction'] = null;
  if (row.status === 'pending' || row.status === 'awaiting_signature') {
    const prepared = await stillSignable(deps, row);
    transaction = preparedView(prepared ?? (row.status === 'pending' ? await prepareBurn(deps, row) : await prepareApproval(deps, row)));
  }
  return { retirement: await viewOf(deps, actor.tenantId, id), transaction };
}

/** The retirement's prepared transaction while nobody has sent it and it has not expired. */
async function stillSignable(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction | undefined> {
  const transactionId = preparedTransactionOf(row);
  if (!transactionId) return undefined;
  const submission = await deps.context.db.withTenant(row.tenantId, (tx) => repository.findSubmissionRow(tx, transactionId));
  if (submission?.status !== 'pending' || !submission.requiredSigner) return undefined;
  if ((await deps.context.chain.getBlockHeight()) > submission.lastValidBlockHeight) return undefined;
  return { transactionId, unsignedTxBase64: submission.preparedTxBase64, requiredSigner: address(submission.requiredSigner), lastValidBlockHeight: submission.lastValidBlockHeight };
}

// ---------------------------------------------------------------------------------------------
// Prepare (external wallets sign in the browser or in /tools/sign-base64)

/** Expires a prepared transaction nobody sent yet, so only the newest one can be signed and submitted. */
async function retirePreparedTransaction(tx: Tx, transactionId: string | null, reason: string): Promise<'expired' | 'already_sent'> {
  if (!transactionId) return 'expired';
  const submission = await findSubmissionForUpdate(tx, transactionId);
  if (!submission || submission.status === 'expired' || submission.status === 'failed') return 'expired';
  if (submission.status !== 'pending') return 'already_sent';
  await markFinished(tx, transactionId, 'expired', reason);
  return 'expired';
}

/** Keeps the newest prepared transaction of a retirement still waiting for it; the one it replaces expires unless it was already sent. */
async function keepPrepared(deps: RetirementDeps, row: repository.RetirementRow, status: AwaitingHolder, prepared: PreparedTransaction, change: Partial<repository.NewRetirementRow> = {}): Promise<PreparedTransaction> {
  await deps.context.db.withTenant(row.tenantId, async (tx) => {
    const locked = await repository.findRetirementForUpdate(tx, row.id);
    if (locked?.status !== status) throw new AppError('CONFLICT', retirementTexts.prepareNotAllowed);
    if ((await retirePreparedTransaction(tx, preparedTransactionOf(locked), 'Replaced by a newer prepared transaction')) === 'already_sent') {
      throw new AppError('CONFLICT', retirementTexts.prepareNotAllowed);
    }
    await repository.updateRetirement(tx, row.id, { [PREPARED_TRANSACTION[status]]: prepared.transactionId, error: null, ...change });
  });
  return prepared;
}

async function prepareBurn(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction> {
  const spec = await burnSpec(deps, row);
  return keepPrepared(deps, row, 'pending', await prepareHolderBurn(deps.context, spec), { certificateMint: spec.certificateMint.address });
}

function allowanceSpec(row: repository.RetirementRow, kind: AllowanceSpec['kind'], amount: bigint): AllowanceSpec {
  return { tenantId: row.tenantId, retirementId: row.id, kind, holder: row.walletAddress, tokenMint: row.tokenMint, decimals: row.decimals, amount, createdBy: row.userId };
}

async function prepareApproval(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction> {
  const target = await deps.context.db.withTenant(row.tenantId, (tx) => repository.scheduledSum(tx, row.walletAddress, row.tokenMint, { excluding: row.id }));
  return keepPrepared(deps, row, 'awaiting_signature', await prepareHolderAllowance(deps.context, allowanceSpec(row, RETIREMENT_KINDS.approve, target + row.amount)));
}

/**
 * A scheduled retirement, prepared: the holder's approval of the delegate for the account's
 * open schedules again, for when the allowance on chain no longer covers them (the holder
 * revoked or changed it in the wallet). It stands apart from the retirement's own state: the
 * job burns at the scheduled time whether or not it is ever signed.
 */
async function prepareAllowanceRenewal(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction> {
  const open = await deps.context.db.withTenant(row.tenantId, (tx) => repository.scheduledSum(tx, row.walletAddress, row.tokenMint));
  return prepareHolderAllowance(deps.context, allowanceSpec(row, RETIREMENT_KINDS.approve, open));
}

async function prepareCancelAllowance(deps: RetirementDeps, row: repository.RetirementRow): Promise<PreparedTransaction> {
  const remaining = await deps.context.db.withTenant(row.tenantId, (tx) => repository.scheduledSum(tx, row.walletAddress, row.tokenMint));
  const prepared = await prepareHolderAllowance(deps.context, allowanceSpec(row, RETIREMENT_KINDS.allowance, remaining));
  await deps.context.db.withTenant(row.tenantId, async (tx) => {
    await retirePreparedTransaction(tx, row.cancelTransactionId, 'Replaced by a newer prepared transaction');
    await repository.updateRetirement(tx, row.id, { cancelTransactionId: prepared.transactionId });
  });
  return prepared;
}

async function cancelAllowancePending(deps: RetirementDeps, row: repository.RetirementRow): Promise<boolean> {
  if (row.status !== 'cancelled' || !row.cancelTransactionId) return false;
  const submission = await deps.context.db.withTenant(row.tenantId, (tx) => repository.findSubmissionRow(tx, row.cancelTransactionId!));
  return submission?.status === 'pending' || submission?.status === 'expired';
}

/** A fresh transaction for the holder to sign: the burn (pending), the approval (awaiting_signature) or a cancellation's allowance change. */
export async function prepareRetirement(deps: RetirementDeps, actor: RetirementActor, id: string): Promise<RetirementActionResult> {
  const row = await deps.context.db.withTenant(actor.tenantId, (tx) => requireRetirement(tx, actor, id));
  let prepared: PreparedTransaction;
  if (row.walletType === 'external' && row.status === 'pending') prepared = await prepareBurn(deps, row);
  else if (row.walletType === 'external' && row.status === 'awaiting_signature') prepared = await prepareApproval(deps, row);
  else if (row.walletType === 'external' && row.status === 'scheduled') prepared = await prepareAllowanceRenewal(deps, row);
  else if (row.walletType === 'external' && (await cancelAllowancePending(deps, row))) prepared = await prepareCancelAllowance(deps, row);
  else throw new AppError('CONFLICT', retirementTexts.prepareNotAllowed);
  return { retirement: await publish(deps, row.tenantId, row.id), transaction: preparedView(prepared) };
}

// ---------------------------------------------------------------------------------------------
// Submit (the holder's signature of a prepared transaction)

const CHANGED_SUM = 'The scheduled retirements of this token account changed. Prepare the transaction again.';

type SubmitClaim = { transactionId: string; revertTo: repository.RetirementRow['status'] | null };

/**
 * Claims the retirement for the submitted transaction under its row lock (and the token
 * account's allowance lock): the burn moves pending → processing, the approval
 * awaiting_signature → processing after checking it approves exactly the account's
 * scheduled sum, a cancellation's allowance change must carry the remaining sum.
 */
async function claimForSubmit(tx: Tx, actor: RetirementActor, id: string): Promise<SubmitClaim> {
  const found = await requireRetirement(tx, actor, id);
  await repository.lockTokenAccount(tx, found.walletAddress, found.tokenMint);
  const row = (await repository.findRetirementForUpdate(tx, id))!;
  if (row.status === 'pending' && row.transactionId) {
    await repository.updateRetirement(tx, row.id, { status: 'processing', error: null });
    return { transactionId: row.transactionId, revertTo: 'pending' };
  }
  if (row.status === 'awaiting_signature' && row.approvalTransactionId) {
    const submission = await repository.findSubmissionRow(tx, row.approvalTransactionId);
    const expected = (await repository.scheduledSum(tx, row.walletAddress, row.tokenMint, { excluding: row.id })) + row.amount;
    if (String(submission?.reference.amount) !== expected.toString()) throw new AppError('CONFLICT', CHANGED_SUM);
    await repository.updateRetirement(tx, row.id, { status: 'processing', error: null });
    return { transactionId: row.approvalTransactionId, revertTo: 'awaiting_signature' };
  }
  if (row.status === 'cancelled' && row.cancelTransactionId) {
    const submission = await repository.findSubmissionRow(tx, row.cancelTransactionId);
    const expected = await repository.scheduledSum(tx, row.walletAddress, row.tokenMint);
    if (String(submission?.reference.amount) !== expected.toString()) throw new AppError('CONFLICT', CHANGED_SUM);
    return { transactionId: row.cancelTransactionId, revertTo: null };
  }
  throw new AppError('CONFLICT', retirementTexts.submitNotAllowed);
}

async function alreadySubmitted(deps: RetirementDeps, actor: RetirementActor, id: string, signedTxBase64: string): Promise<boolean> {
  return deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const row = await requireRetirement(tx, actor, id);
    const submissions = await repository.submissionsOf(tx, row.id, Object.values(RETIREMENT_KINDS));
    return submissions.some((submission) => submission.signedTxBase64 === signedTxBase64);
  });
}

/**
 * The holder's signed transaction: checked byte for byte against the prepared one and sent
 * once. The same signed bytes again answer the retirement as it stands (a double click, a
 * retry with another Idempotency-Key) without sending anything.
 */
export async function submitRetirement(deps: RetirementDeps, actor: RetirementActor, id: string, signedTxBase64: string): Promise<Retirement> {
  if (await alreadySubmitted(deps, actor, id, signedTxBase64)) {
    await reconcileRetirement(deps, actor.tenantId, id, 'observe');
    return viewOf(deps, actor.tenantId, id);
  }
  const claim = await deps.context.db.withTenant(actor.tenantId, (tx) => claimForSubmit(tx, actor, id));
  let result: SubmissionResult;
  try {
    result = await submitTransaction(deps.context, { tenantId: actor.tenantId, transactionId: claim.transactionId, signedTxBase64 });
  } catch (error) {
    // Nothing left the server (bad signature, other bytes, expired blockhash): the holder may sign again.
    if (claim.revertTo) {
      await deps.context.db.withTenant(actor.tenantId, async (tx) => {
        const submission = await repository.findSubmissionRow(tx, claim.transactionId);
        if (submission?.status === 'pending' || submission?.status === 'expired') {
          await repository.updateRetirement(tx, id, { status: claim.revertTo!, error: submission.status === 'expired' ? submission.error : null });
        }
      });
      await publish(deps, actor.tenantId, id);
    }
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

// ---------------------------------------------------------------------------------------------
// Scheduled retirements: the delegate approval

async function approveForManagedWallet(deps: RetirementDeps, row: repository.RetirementRow): Promise<void> {
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

async function managedSignerOf(deps: RetirementDeps, row: repository.RetirementRow): Promise<TransactionSigner> {
  const wallet = await deps.context.db.withTenant(row.tenantId, (tx) => findWalletByAddress(tx, row.walletAddress));
  if (!wallet) throw new AppError('CONFLICT', retirementTexts.walletRequired);
  return platformManagedSigner(deps.masterKey, wallet);
}

// ---------------------------------------------------------------------------------------------
// Reconciliation: the chain's decisions become the retirement's status

type Mode = 'observe' | 'run';

/**
 * Brings a retirement in line with its chain submissions. A confirmed burn completes it
 * whichever way it was sent (this API, the sign tool, a job before a crash). In `run` mode
 * (jobs, the managed-wallet request) it may also send the platform-signed burn, once: under
 * the runner lease and only when no earlier burn of it is confirmed or undecided.
 */
export async function reconcileRetirement(deps: RetirementDeps, tenantId: string, id: string, mode: Mode): Promise<repository.RetirementRow> {
  const { context } = deps;
  const load = () => context.db.withTenant(tenantId, async (tx) => ({ row: (await repository.findRetirement(tx, id))!, burns: await repository.submissionsOf(tx, id, [RETIREMENT_KINDS.burn]) }));
  let { row, burns } = await load();
  if (!row || row.status === 'completed' || row.status === 'failed') return row;
  if (burns.some((submission) => submission.status === 'sent')) {
    await trackSentSubmissions(context);
    ({ row, burns } = await load());
  }
  const confirmed = burns.find((submission) => submission.status === 'confirmed');
  if (confirmed) return completeRetirement(deps, row, confirmed);
  if (row.status === 'cancelled') return row;
  if (burns.some((submission) => submission.status === 'sent')) {
    if (row.status === 'pending') return setStatus(deps, row, 'processing');
    return row;
  }

  if (row.scheduledFor && (row.status === 'awaiting_signature' || row.status === 'processing')) {
    const approval = row.approvalTransactionId ? await context.db.withTenant(tenantId, (tx) => repository.findSubmissionRow(tx, row.approvalTransactionId!)) : undefined;
    if (approval?.status === 'sent') return row.status === 'processing' ? row : setStatus(deps, row, 'processing');
    if (approval?.status === 'failed') return failRetirement(deps, row, approval.error ?? retirementTexts.failed);
    if (approval?.status === 'expired' || (approval?.status === 'pending' && row.status === 'processing' && claimAbandoned(row))) {
      if (row.walletType === 'platform_managed') return failRetirement(deps, row, approval.error ?? retirementTexts.failed);
      return setStatus(deps, row, 'awaiting_signature', approval.error);
    }
    if (approval?.status !== 'confirmed') return row;
    if (row.status === 'awaiting_signature' || row.scheduledFor.getTime() > Date.now()) {
      // The allowance is on chain: the job burns at scheduledFor (at once if that time has passed).
      const scheduled = await setStatus(deps, row, 'scheduled');
      await scheduleOnce(deps, scheduled);
      return scheduled;
    }
    if (mode === 'observe' && burns.length === 0) {
      await scheduleOnce(deps, row);
      return row;
    }
  }

  const latest = burns[0];
  if (row.status === 'pending') {
    if (latest && latest.id === row.transactionId && latest.status === 'failed') return failRetirement(deps, row, latest.error ?? retirementTexts.failed);
    return row;
  }
  if (row.status !== 'processing') return row;
  if (latest?.status === 'failed') return failRetirement(deps, row, latest.error ?? retirementTexts.failed);
  const platformSends = row.scheduledFor !== null || row.walletType === 'platform_managed';
  if (!platformSends) {
    // The holder's own burn expired before it landed, or its submit died before sending: sign a fresh one.
    if (latest?.status === 'expired') return setStatus(deps, row, 'pending', latest.error);
    if (latest?.status === 'pending' && claimAbandoned(row)) return setStatus(deps, row, 'pending');
    return row;
  }
  if (mode === 'observe') return row;
  return sendBurnOnce(deps, row);
}

function claimAbandoned(row: repository.RetirementRow): boolean {
  return Date.now() - row.updatedAt.getTime() > ABANDONED_CLAIM_MS;
}

async function scheduleOnce(deps: RetirementDeps, row: repository.RetirementRow): Promise<void> {
  await deps.schedule({ tenantId: row.tenantId, retirementId: row.id, at: row.scheduledFor ?? new Date() });
}

async function sendBurnOnce(deps: RetirementDeps, row: repository.RetirementRow): Promise<repository.RetirementRow> {
  const { context } = deps;
  const leased = await context.db.withTenant(row.tenantId, async (tx) => {
    const locked = await repository.findRetirementForUpdate(tx, row.id);
    if (locked?.status !== 'processing') return undefined;
    const undecided = (await repository.submissionsOf(tx, row.id, [RETIREMENT_KINDS.burn])).some((submission) => submission.status === 'sent' || submission.status === 'confirmed');
    if (undecided) return undefined;
    return repository.claimRunnerLease(tx, row.id, new Date(Date.now() + RUNNER_LEASE_MS));
  });
  if (!leased) return row;
  const spec = await burnSpec(deps, leased);
  await context.db.withTenant(row.tenantId, (tx) => repository.updateRetirement(tx, row.id, { certificateMint: spec.certificateMint.address }));
  const authority = leased.scheduledFor ? ('retirement_delegate' as const) : { managedHolder: await managedSignerOf(deps, leased) };
  try {
    const result = await sendPlatformBurn(context, spec, authority);
    await context.db.withTenant(row.tenantId, (tx) => repository.updateRetirement(tx, row.id, { transactionId: result.transactionId }));
  } finally {
    await context.db.withTenant(row.tenantId, (tx) => repository.updateRetirement(tx, row.id, { runnerLeaseUntil: null }));
  }
  return reconcileRetirement(deps, row.tenantId, row.id, 'observe');
}

async function setStatus(deps: RetirementDeps, row: repository.RetirementRow, status: repository.RetirementRow['status'], error: string | null = null): Promise<repository.RetirementRow> {
  const updated = await deps.context.db.withTenant(row.tenantId, (tx) => repository.updateRetirement(tx, row.id, { status, error }));
  await publish(deps, row.tenantId, row.id);
  return updated;
}

/** The registry's retirement of the burnt units: the company's tokenised serials of the mint, lowest first. */
async function reportToRegistry(deps: RetirementDeps, tx: Tx, row: repository.RetirementRow): Promise<{ serialNumbers: string[]; registryReference: string | null; error: string | null }> {
  try {
    const retired = await retireTokenisedUnits(tx, deps.registry(tx), {
      mintAddress: row.tokenMint,
      units: tonnesOf(row),
      companyId: row.companyId,
      beneficiary: row.beneficiaryName,
      reason: row.reason,
    });
    const references = [...new Set(retired.map((record) => record.retirementReference).filter((reference): reference is string => Boolean(reference)))];
    return { serialNumbers: retired.map((record) => record.serialNumber), registryReference: references.join(', ') || null, error: null };
  } catch (error) {
    // The burn is final on chain; a registry refusal (fewer tokenised serials than burnt) is recorded for reconciliation.
    if (error instanceof AppError && error.code === 'CONFLICT') return { serialNumbers: [], registryReference: null, error: `Registry not updated: ${error.message}` };
    throw error;
  }
}

/**
 * The burn is confirmed: in one database transaction the registry retires the serials, the
 * certificate row is written (once: unique per retirement) and the retirement is completed.
 */
async function completeRetirement(deps: RetirementDeps, row: repository.RetirementRow, burn: repository.SubmissionRow): Promise<repository.RetirementRow> {
  // The submission says confirmed; the chain must still say so (a crash can cost the chain what
  // the ledger recorded). If not, the retirement waits and the reconciliation pass reports it.
  if (!(await landedOnChain(deps.context.chain, burn.signature!))) return row;
  const certificateMint = String(burn.reference.certificateMint ?? row.certificateMint);
  const completed = await deps.context.db.withTenant(row.tenantId, async (tx) => {
    const locked = (await repository.findRetirementForUpdate(tx, row.id))!;
    if (locked.status === 'completed') return null;
    const project = await deps.registry(tx).getProject(locked.projectId);
    const registry = await reportToRegistry(deps, tx, locked);
    const facts = factsOf(locked, certificateMint);
    const issuedAt = burn.finishedAt ?? new Date();
    await repository.insertCertificate(tx, {
      tenantId: locked.tenantId,
      companyId: locked.companyId,
      retirementId: locked.id,
      number: locked.certificateNumber,
      mintAddress: certificateMint,
      holderAddress: locked.walletAddress,
      amount: locked.amount,
      decimals: locked.decimals,
      tokenMint: locked.tokenMint,
      tokenSymbol: locked.tokenSymbol,
      projectId: locked.projectId,
      projectName: locked.projectName,
      developer: project?.developer ?? '',
      projectLocation: project?.location ?? '',
      methodology: project?.methodology ?? '',
      standard: project?.standard ?? '',
      vintage: locked.vintage,
      registry: locked.registry,
      registryReference: registry.registryReference,
      serialNumbers: registry.serialNumbers,
      beneficiaryName: locked.beneficiaryName,
      beneficiaryHash: locked.beneficiaryHash,
      reason: locked.reason,
      country: locked.country,
      subdivision: locked.subdivision,
      burnSignature: burn.signature!,
      certificateSignature: burn.signature!,
      metadataHash: certificateFactsHash(facts),
      issuedAt,
    });
    const updated = await repository.updateRetirement(tx, locked.id, {
      status: 'completed',
      signature: burn.signature,
      transactionId: burn.id,
      certificateMint,
      registryReference: registry.registryReference,
      serialNumbers: registry.serialNumbers,
      error: registry.error,
      completedAt: issuedAt,
      runnerLeaseUntil: null,
    });
    await audit(tx, updated, 'retirement.completed', null, { signature: burn.signature, certificateNumber: locked.certificateNumber, certificateMint, serialNumbers: registry.serialNumbers });
    return updated;
  });
  if (!completed) return (await deps.context.db.withTenant(row.tenantId, (tx) => repository.findRetirement(tx, row.id)))!;
  await notifyCreator(deps, completed, retirementTexts.completedTitle, `${tonnesOf(completed)} tCO2e of ${completed.projectName} retired. Certificate ${completed.certificateNumber}.`);
  await publish(deps, completed.tenantId, completed.id);
  return completed;
}

async function failRetirement(deps: RetirementDeps, row: repository.RetirementRow, error: string): Promise<repository.RetirementRow> {
  const failed = await deps.context.db.withTenant(row.tenantId, (tx) => markFailed(tx, row, error));
  return announceFailure(deps, failed);
}

async function markFailed(tx: Tx, row: repository.RetirementRow, error: string): Promise<repository.RetirementRow> {
  const updated = await repository.updateRetirement(tx, row.id, { status: 'failed', error, runnerLeaseUntil: null });
  await audit(tx, updated, 'retirement.failed', null, { error });
  return updated;
}

/** Tells the creator and the open screens; the failure is already recorded. */
async function announceFailure(deps: RetirementDeps, failed: repository.RetirementRow): Promise<repository.RetirementRow> {
  await notifyCreator(deps, failed, retirementTexts.failedTitle, failed.error ?? '');
  await publish(deps, failed.tenantId, failed.id);
  return failed;
}

// ---------------------------------------------------------------------------------------------
// The scheduled execution (job) and cancellation

/**
 * Runs a scheduled retirement whose time has come (the job at scheduledFor, or the sweep
 * after a restart): scheduled → processing under the row lock, so it runs once, then the
 * delegate burns with the certificate. The company's KYC/AML approval is checked again at
 * that moment: one withdrawn since the scheduling fails the retirement without a burn.
 */
export async function executeScheduledRetirement(deps: RetirementDeps, tenantId: string, id: string): Promise<repository.RetirementRow | undefined> {
  const claimed = await deps.context.db.withTenant(tenantId, async (tx) => {
    const row = await repository.findRetirementForUpdate(tx, id);
    if (!row) return undefined;
    if (row.status !== 'scheduled' || !row.scheduledFor || row.scheduledFor.getTime() > Date.now()) return { row, refusedNow: false };
    const started = await repository.updateRetirement(tx, id, { status: 'processing' });
    await audit(tx, started, 'retirement.execution_started', null, { scheduledFor: row.scheduledFor.toISOString() });
    const company = await repository.findCompany(tx, row.companyId);
    if (company?.kycStatus === 'approved') return { row: started, refusedNow: false };
    return { row: await markFailed(tx, started, retirementTexts.kycRequired), refusedNow: true };
  });
  if (!claimed) return undefined;
  if (claimed.refusedNow) return announceFailure(deps, claimed.row);
  if (claimed.row.status !== 'processing') return claimed.row;
  await publish(deps, tenantId, id);
  return runRetirement(deps, tenantId, id);
}

/** Reconciles and, when the platform signs this retirement's burn, sends it once. */
export function runRetirement(deps: RetirementDeps, tenantId: string, id: string): Promise<repository.RetirementRow> {
  return reconcileRetirement(deps, tenantId, id, 'run');
}

/**
 * SPEC §4: a retirement not yet sent can be cancelled. A scheduled one is cancelled at once
 * (the job will not run it) and the delegate's allowance is reduced to the account's remaining
 * scheduled sum (Revoke at zero): sent for a managed wallet, answered to sign for an external one.
 */
export async function cancelRetirement(deps: RetirementDeps, actor: RetirementActor, id: string): Promise<RetirementActionResult> {
  const { context } = deps;
  const cancelled = await context.db.withTenant(actor.tenantId, async (tx) => {
    const found = await requireRetirement(tx, actor, id);
    await repository.lockTokenAccount(tx, found.walletAddress, found.tokenMint);
    const row = (await repository.findRetirementForUpdate(tx, id))!;
    if (!CANCELLABLE_RETIREMENT_STATUSES.includes(row.status)) throw new AppError('RETIREMENT__NOT_CANCELLABLE');
    if ((await retirePreparedTransaction(tx, preparedTransactionOf(row), 'The retirement was cancelled')) === 'already_sent') throw new AppError('RETIREMENT__NOT_CANCELLABLE');
    const updated = await repository.updateRetirement(tx, id, { status: 'cancelled', cancelledAt: new Date() });
    await audit(tx, updated, 'retirement.cancelled', actor, { previousStatus: row.status });
    return { row: updated, reduceAllowance: row.status === 'scheduled' };
  });
  let transaction: RetirementActionResult['transaction'] = null;
  if (cancelled.reduceAllowance) {
    if (cancelled.row.walletType === 'platform_managed') {
      const remaining = await context.db.withTenant(actor.tenantId, (tx) => repository.scheduledSum(tx, cancelled.row.walletAddress, cancelled.row.tokenMint));
      const result = await sendManagedAllowance(context, allowanceSpec(cancelled.row, RETIREMENT_KINDS.allowance, remaining), await managedSignerOf(deps, cancelled.row));
      await context.db.withTenant(actor.tenantId, (tx) => repository.updateRetirement(tx, id, { cancelTransactionId: result.transactionId }));
    } else {
      transaction = preparedView(await prepareCancelAllowance(deps, cancelled.row));
    }
  }
  await notifyCreator(deps, cancelled.row, retirementTexts.cancelledTitle, `The retirement of ${tonnesOf(cancelled.row)} tCO2e of ${cancelled.row.projectName} was cancelled.`);
  return { retirement: await publish(deps, actor.tenantId, id), transaction };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** One read for a settled retirement; one still in flight is reconciled with the chain first and read again. */
export async function getRetirement(deps: RetirementDeps, actor: RetirementActor, id: string): Promise<Retirement> {
  const view = visibleTo(actor, await deps.context.db.withTenant(actor.tenantId, (tx) => repository.findRetirementView(tx, id)));
  if (view.status !== 'processing' && view.status !== 'pending' && view.status !== 'awaiting_signature') return toRetirement(deps, view);
  await reconcileRetirement(deps, actor.tenantId, id, 'observe');
  return viewOf(deps, actor.tenantId, id);
}

export async function listRetirements(deps: RetirementDeps, actor: RetirementActor, query: z.output<typeof retirementListQuery>): Promise<RetirementList> {
  const scope = scopeOf(actor);
  const companyId = scope ?? query.companyId;
  const { rows, total } = await deps.context.db.withTenant(actor.tenantId, (tx) =>
    repository.listRetirementViews(tx, { companyId, status: query.status }, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  );
  return { items: rows.map((row) => toRetirement(deps, row)), total, page: query.page, pageSize: query.pageSize };
}

export async function retirementStatsOf(deps: RetirementDeps, actor: RetirementActor, companyId?: string): Promise<RetirementStats> {
  const scope = scopeOf(actor) ?? companyId;
  const stats = await deps.context.db.withTenant(actor.tenantId, (tx) => repository.retirementStats(tx, scope));
  const totalRetired = stats.retired.reduce((total, group) => total + group.amount / 10n ** BigInt(group.decimals), 0n);
  return { totalRetired: totalRetired.toString(), certificates: stats.certificates, transactions: stats.transactions };
}

/** Scheduled retirements whose time has passed (missed while the server was down) and runs that lost their runner. */
export async function sweepRetirements(deps: RetirementDeps, log: { warn(details: object, message: string): void }): Promise<number> {
  const due = await deps.context.db.asSystem((tx) => repository.dueRetirements(tx, new Date()));
  for (const retirement of due) {
    const run = retirement.status === 'scheduled' ? executeScheduledRetirement(deps, retirement.tenantId, retirement.id) : runRetirement(deps, retirement.tenantId, retirement.id);
    await run.catch((error: unknown) => log.warn({ err: error, retirementId: retirement.id }, 'retirement not finished yet'));
  }
  return due.length;
}
