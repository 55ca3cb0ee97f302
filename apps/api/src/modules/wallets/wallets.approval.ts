import { walletTexts, type AuditAction, type CompanyWallet, type CompanyWalletStatus } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { recordWebhookEvent } from '../webhooks';
import { announceWorkflow, registerApprovalHandler, requestApproval, settleApproval, type ApprovalRequested, type ApprovalWorkflowRow } from '../approvals';
import { allowedMintAddresses, freezeWalletAccounts, openWalletAccounts, type ChainStep } from './wallet-chain.service';
import type { WalletDeps } from './wallets.deps';
import { announceWalletChange, auditWallet, label, notifyCompany } from './wallets.events';
import * as repository from './wallets.repository';
import type { WalletRow } from './wallets.repository';
import { viewOf, visibleWallet } from './wallets.views';

/**
 * A registered wallet waits for its workflow in the approval engine (docs/approvals.md
 * "Wallet registration"), opened in the registering transaction; announce it after the commit.
 */
export async function openWalletApproval(tx: Tx, actor: Actor, wallet: WalletRow): Promise<ApprovalRequested | null> {
  return requestApproval(tx, actor, {
    operationType: 'wallet_registration',
    subjectId: wallet.id,
    companyId: wallet.companyId,
    summary: `Wallet ${label(wallet)} registered`,
  });
}

/** The wallet's workflow moved: every open approvals list reads it again. */
export function announceWalletApproval(deps: WalletDeps, requested: { workflow: ApprovalWorkflowRow } | ApprovalWorkflowRow | null): void {
  if (requested) announceWorkflow(deps.publisher, 'workflow' in requested ? requested.workflow : requested);
}

/**
 * Deciding a wallet's workflow in /approvals decides the wallet here; a wallet decided on the
 * Wallet Approvals screen closes its workflow (settleApproval), so both stay one decision.
 */
export function registerWalletApprovals(deps: WalletDeps): void {
  registerApprovalHandler(deps.db, 'wallet_registration', {
    execute: async (workflow, actor) => ({ ...(await approveWallet(deps, actor, workflow.subjectId)) }),
    afterReject: async (workflow, actor) => {
      await rejectWallet(deps, actor, workflow.subjectId, workflow.reason ?? 'Rejected in Approvals').catch((error: unknown) => {
        // Decided or removed meanwhile on the wallets screen: nothing is left to reject.
        if (!(error instanceof AppError && error.is('WALLET__TRANSITION_NOT_ALLOWED'))) throw error;
      });
    },
  });
}

/**
 * Changes the status under a row lock, audited, after checking the transition is allowed
 * (docs/wallets.md); answers the row as it is after the change. A decision (`settles`) also
 * closes the wallet's open approval workflow in the same transaction.
 */
async function transition(
  deps: WalletDeps,
  actor: Actor,
  id: string,
  allowedFrom: readonly CompanyWalletStatus[],
  action: AuditAction,
  change: (before: WalletRow) => Partial<repository.NewWalletRow>,
  details: Record<string, unknown> = {},
  settles?: { status: 'approved' | 'rejected'; reason?: string },
): Promise<WalletRow> {
  let settled: ApprovalWorkflowRow | null = null;
  const row = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await visibleWallet(tx, actor, id);
    const before = (await repository.findWalletForUpdate(tx, id))!;
    if (!allowedFrom.includes(before.status)) {
      throw new AppError('WALLET__TRANSITION_NOT_ALLOWED', `This wallet is ${before.status}; it cannot be ${action.replace('wallet.', '')} now.`);
    }
    const after = await repository.updateWallet(tx, id, { ...change(before), statusChangedAt: new Date() });
    await auditWallet(tx, actor, action, after, { from: before.status, to: after.status, ...details });
    if (settles) settled = await settleApproval(tx, actor, { operationType: 'wallet_registration', subjectId: id }, settles);
    if (settles && before.status !== after.status) await announceDecided(tx, after, settles);
    return after;
  });
  announceWalletApproval(deps, settled);
  return row;
}

/** wallet.approved or wallet.rejected for webhooks and the event stream, in the deciding transaction. */
function announceDecided(tx: Tx, wallet: WalletRow, decision: { status: 'approved' | 'rejected'; reason?: string }): Promise<void> {
  const target = { tenantId: wallet.tenantId, companyId: wallet.companyId };
  const data = { walletId: wallet.id, companyId: wallet.companyId, address: wallet.address };
  return decision.status === 'approved'
    ? recordWebhookEvent(tx, { ...target, type: 'wallet.approved', data })
    : recordWebhookEvent(tx, { ...target, type: 'wallet.rejected', data: { ...data, reason: decision.reason ?? '' } });
}

function chainDetails(step: ChainStep) {
  return { complete: step.complete, signatures: step.submissions.map((submission) => submission.signature) };
}

/** Thaws the wallet's token accounts for every allowed mint; once they are open the wallet is active. */
async function activate(deps: WalletDeps, actor: Actor, wallet: WalletRow): Promise<void> {
  // Token-level KYC (docs/product.md §4 KYC): the accounts stay frozen until the company's KYC/AML is approved; approval thaws them then (modules/compliance).
  if (!(await deps.db.withTenant(actor.tenantId, (tx) => repository.companyKycApproved(tx, wallet.companyId)))) return;
  const mints = await allowedMintAddresses(deps.chainContext, actor.tenantId);
  let step: ChainStep;
  try {
    step = await openWalletAccounts(deps.chainContext, actor.tenantId, wallet.address, mints, { walletId: wallet.id });
  } catch (error) {
    // The approval stands; approving again retries the chain step (it is idempotent).
    await deps.db.withTenant(actor.tenantId, (tx) => auditWallet(tx, actor, 'wallet.chain_failed', wallet, { step: 'open', error: String(error) }));
    return;
  }
  if (!step.complete) return;
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await repository.findWalletForUpdate(tx, wallet.id);
    if (current?.status !== 'approved') return;
    const companyHasPrimary = (await repository.listWalletViews(tx, { companyId: current.companyId })).some((other) => other.isPrimary);
    const after = await repository.updateWallet(tx, wallet.id, {
      status: 'active',
      isPrimary: current.isPrimary || !companyHasPrimary,
      statusChangedAt: new Date(),
    });
    await auditWallet(tx, actor, 'wallet.activated', after, { from: 'approved', to: 'active', chain: chainDetails(step) });
  });
}

/** Freezes the wallet's open token accounts, so nothing moves through it; `action` is the decision that asks for it. */
export async function freezeOnChain(deps: WalletDeps, actor: Actor, wallet: WalletRow, action: string): Promise<void> {
  const mints = await allowedMintAddresses(deps.chainContext, actor.tenantId);
  let step: ChainStep;
  try {
    step = await freezeWalletAccounts(deps.chainContext, actor.tenantId, wallet.address, mints, { walletId: wallet.id, action });
  } catch (error) {
    await deps.db.withTenant(actor.tenantId, (tx) =>
      auditWallet(tx, actor, 'wallet.chain_failed', wallet, { step: 'freeze', cause: action, error: String(error) }),
    );
    throw new AppError('SERVICE_UNAVAILABLE', walletTexts.freezeFailed, { cause: error });
  }
  if (step.submissions.length === 0) return;
  await deps.db.withTenant(actor.tenantId, (tx) => auditWallet(tx, actor, 'wallet.frozen_on_chain', wallet, { cause: action, chain: chainDetails(step) }));
}

/** The decided wallet as it is now, announced to every open list of it. */
async function answer(deps: WalletDeps, actor: Actor, id: string): Promise<CompanyWallet> {
  const wallet = await deps.db.withTenant(actor.tenantId, (tx) => viewOf(tx, id));
  announceWalletChange(deps, actor, wallet);
  return wallet;
}

/** docs/product.md §6: an administrator approves; who and when are recorded, the company is told, accounts open on chain. */
export async function approveWallet(deps: WalletDeps, actor: Actor, id: string): Promise<CompanyWallet> {
  const wallet = await transition(
    deps,
    actor,
    id,
    ['pending', 'rejected', 'approved'],
    'wallet.approved',
    (before) => (before.status === 'approved' ? {} : { status: 'approved', approvedBy: actor.userId, approvedAt: new Date(), statusReason: null }),
    {},
    { status: 'approved' },
  );
  await activate(deps, actor, wallet);
  await notifyCompany(deps, actor, wallet, 'Wallet approved', `Wallet ${label(wallet)} was approved and can now perform token operations.`);
  return answer(deps, actor, id);
}

export async function rejectWallet(deps: WalletDeps, actor: Actor, id: string, reason: string): Promise<CompanyWallet> {
  const wallet = await transition(
    deps,
    actor,
    id,
    ['pending'],
    'wallet.rejected',
    () => ({ status: 'rejected', statusReason: reason }),
    { reason },
    { status: 'rejected', reason },
  );
  await notifyCompany(deps, actor, wallet, 'Wallet rejected', `Wallet ${label(wallet)} was rejected: ${reason}`);
  return answer(deps, actor, id);
}

export async function suspendWallet(deps: WalletDeps, actor: Actor, id: string, reason: string): Promise<CompanyWallet> {
  const wallet = await transition(
    deps,
    actor,
    id,
    ['approved', 'active', 'suspended'],
    'wallet.suspended',
    () => ({ status: 'suspended', statusReason: reason }),
    { reason },
  );
  await freezeOnChain(deps, actor, wallet, 'wallet.suspended');
  await notifyCompany(deps, actor, wallet, 'Wallet suspended', `Wallet ${label(wallet)} was suspended: ${reason}`);
  return answer(deps, actor, id);
}

export async function revokeWallet(deps: WalletDeps, actor: Actor, id: string, reason: string): Promise<CompanyWallet> {
  const wallet = await transition(
    deps,
    actor,
    id,
    ['approved', 'active', 'suspended', 'revoked'],
    'wallet.revoked',
    () => ({ status: 'revoked', statusReason: reason, isPrimary: false }),
    { reason },
  );
  await freezeOnChain(deps, actor, wallet, 'wallet.revoked');
  await notifyCompany(deps, actor, wallet, 'Wallet revoked', `Wallet ${label(wallet)} was revoked: ${reason}`);
  return answer(deps, actor, id);
}

export async function reactivateWallet(deps: WalletDeps, actor: Actor, id: string): Promise<CompanyWallet> {
  const wallet = await transition(deps, actor, id, ['suspended'], 'wallet.reactivated', () => ({ status: 'approved', statusReason: null }));
  await activate(deps, actor, wallet);
  await notifyCompany(deps, actor, wallet, 'Wallet reactivated', `Wallet ${label(wallet)} was reactivated and can perform token operations again.`);
  return answer(deps, actor, id);
}
