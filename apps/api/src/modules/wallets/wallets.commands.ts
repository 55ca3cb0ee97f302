import { address } from '@solana/kit';
import { approvalTexts, isOperationalWalletStatus, type CompanyWallet } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { settleApproval } from '../approvals';
import { announceWalletApproval, freezeOnChain } from './wallets.approval';
import type { WalletDeps } from './wallets.deps';
import { announceWalletChange, auditWallet } from './wallets.events';
import * as repository from './wallets.repository';
import { ownWallet, viewOf } from './wallets.views';

/** Only an operational wallet of the company can be its primary wallet (one per company). */
export async function setPrimaryWallet(deps: WalletDeps, actor: Actor, id: string): Promise<CompanyWallet> {
  const wallet = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const view = await ownWallet(tx, actor, id);
    if (!isOperationalWalletStatus(view.status)) throw new AppError('WALLET__PRIMARY_NOT_OPERATIONAL');
    if (!view.isPrimary) {
      await repository.clearPrimary(tx, view.companyId);
      await repository.updateWallet(tx, id, { isPrimary: true });
      await auditWallet(tx, actor, 'wallet.primary_set', view);
    }
    return viewOf(tx, id);
  });
  announceWalletChange(deps, actor, wallet);
  return wallet;
}

/**
 * Removes a wallet that holds no tokens; its token accounts are frozen first so nothing moves
 * through it. A wallet still waiting for approval closes its registration workflow in the same
 * transaction (rejected: removed before a decision), so no approver decides a wallet that is gone.
 */
export async function removeWallet(deps: WalletDeps, actor: Actor, id: string): Promise<void> {
  const view = await deps.db.withTenant(actor.tenantId, (tx) => ownWallet(tx, actor, id));
  const accounts = await deps.chainContext.chain.getTokenAccountsByOwner(address(view.address));
  if (accounts.some((account) => account.amount > 0n)) throw new AppError('WALLET__STILL_HOLDS_TOKENS');
  await freezeOnChain(deps, actor, view, 'wallet.removed');
  const workflow = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await repository.findWalletForUpdate(tx, id);
    if (!row) throw AppError.notFound('Wallet');
    await repository.updateWallet(tx, id, { removedAt: new Date(), isPrimary: false });
    await auditWallet(tx, actor, 'wallet.removed', row, { status: row.status });
    return settleApproval(tx, actor, { operationType: 'wallet_registration', subjectId: id }, { status: 'rejected', reason: approvalTexts.walletRemoved });
  });
  announceWalletApproval(deps, workflow);
  announceWalletChange(deps, actor, view, true);
}
