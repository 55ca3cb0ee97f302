import { randomBytes } from 'node:crypto';
import { address } from '@solana/kit';
import { getMemoInstruction } from '@carbonledger/chain';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { findSubmission, prepareTransaction, type PreparedTransaction } from '../chain';
import type { WalletDeps } from './wallets.deps';
import { auditWallet } from './wallets.events';
import * as repository from './wallets.repository';
import type { WalletView } from './wallets.repository';
import { ownWallet } from './wallets.views';

/** A memo the external wallet pays for and signs, proving on chain that its owner controls it. */
export async function prepareWalletVerification(deps: WalletDeps, actor: Actor, id: string): Promise<PreparedTransaction> {
  const view = await deps.db.withTenant(actor.tenantId, (tx) => ownWallet(tx, actor, id));
  if (view.type !== 'external') throw new AppError('WALLET__VERIFICATION_EXTERNAL_ONLY');
  if (view.status === 'rejected' || view.status === 'revoked') throw new AppError('WALLET__NOT_ACTIVE');
  const nonce = randomBytes(8).toString('hex');
  const prepared = await prepareTransaction(deps.chainContext, {
    tenantId: actor.tenantId,
    kind: 'wallet.verify',
    wallet: address(view.address),
    reference: { walletId: view.id, nonce },
    createdBy: actor.userId,
    build: ({ wallet }) => [getMemoInstruction(`Carbonledger wallet verification ${view.id} ${nonce}`, [wallet])],
  });
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    await repository.updateWallet(tx, view.id, { verificationTransactionId: prepared.transactionId });
    await auditWallet(tx, actor, 'wallet.verification_prepared', view, { transactionId: prepared.transactionId });
  });
  return prepared;
}

/** Called when a `wallet.verify` submission confirmed. */
export async function markVerifiedOnChain(tx: Tx, walletId: string, at: Date): Promise<void> {
  await repository.updateWallet(tx, walletId, { verifiedOnChainAt: at });
}

/** The verification memo may have been confirmed by the tracker after submit answered. */
export async function confirmVerificationIfLanded(deps: WalletDeps, tenantId: string, view: WalletView): Promise<WalletView> {
  if (view.verifiedOnChainAt || !view.verificationTransactionId) return view;
  const transactionId = view.verificationTransactionId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const submission = await findSubmission(tx, transactionId);
    if (submission?.status !== 'confirmed') return view;
    const verifiedOnChainAt = submission.finishedAt ?? new Date();
    await markVerifiedOnChain(tx, view.id, verifiedOnChainAt);
    return { ...view, verifiedOnChainAt };
  });
}
