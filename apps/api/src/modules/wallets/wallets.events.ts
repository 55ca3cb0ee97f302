import { ROLES, SERVER_EVENTS, walletTexts, type ApprovalUpdatePayload, type AuditAction, type CompanyWallet } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { notify } from '../notifications';
import type { WalletDeps } from './wallets.deps';
import type { WalletRow } from './wallets.repository';

/** Holders of wallets:approve by default (docs/product.md §6: only administrators approve wallets). */
const WALLET_APPROVER_ROLES = ['ADMIN', 'SUPER_ADMIN'] as const;

/** What happened to a wallet, in the tenant's audit trail. */
export async function auditWallet(
  tx: Tx,
  actor: Actor,
  action: AuditAction,
  wallet: Pick<WalletRow, 'id' | 'address' | 'companyId'>,
  details: Record<string, unknown> = {},
) {
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    resourceType: 'company_wallet',
    resourceId: wallet.id,
    details: { address: wallet.address, companyId: wallet.companyId, ...details },
    ip: actor.ip,
    requestId: actor.requestId,
  });
}

export function label(wallet: { address: string; name: string | null }): string {
  return wallet.name ? `${wallet.name} (${wallet.address})` : wallet.address;
}

/** To the company's members and the tenant's administrators (whose approvals list shows it). */
export function announceWalletChange(deps: WalletDeps, actor: Actor, wallet: Pick<CompanyWallet, 'id' | 'companyId' | 'status'>, removed = false) {
  const payload: ApprovalUpdatePayload = { walletId: wallet.id, companyId: wallet.companyId, status: wallet.status, removed };
  deps.publisher.emitToCompany({ tenantId: actor.tenantId, companyId: wallet.companyId }, SERVER_EVENTS.approvalUpdate, payload);
}

/** docs/product.md §6: only administrators approve, so they are the ones told a wallet waits. */
export async function notifyAdministrators(deps: WalletDeps, actor: Actor, wallet: CompanyWallet) {
  await notify(
    deps.db,
    deps.publisher,
    actor.tenantId,
    { roles: WALLET_APPROVER_ROLES },
    {
      type: 'APPROVAL',
      title: walletTexts.pendingApprovalTitle,
      message: `${wallet.companyName} registered wallet ${label(wallet)}.`,
      link: '/wallets?status=pending',
    },
  );
}

/** An administrator's decision, told to every member of the wallet's company. */
export async function notifyCompany(deps: WalletDeps, actor: Actor, wallet: Pick<WalletRow, 'companyId' | 'address' | 'name'>, title: string, message: string) {
  await notify(deps.db, deps.publisher, actor.tenantId, { roles: ROLES, companyId: wallet.companyId }, { type: 'APPROVAL', title, message, link: '/wallets' });
}
