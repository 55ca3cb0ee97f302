import { isOperationalWalletStatus, type CompanyWallet } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { companyScopeOf, type Actor } from '../../lib/actor';
import * as repository from './wallets.repository';
import type { WalletView } from './wallets.repository';

export function toCompanyWallet(view: WalletView): CompanyWallet {
  return {
    id: view.id,
    companyId: view.companyId,
    companyName: view.companyName,
    address: view.address,
    name: view.name,
    type: view.type,
    provider: (view.provider as CompanyWallet['provider']) ?? null,
    status: view.status,
    operational: isOperationalWalletStatus(view.status),
    primary: view.isPrimary,
    createdAt: view.createdAt.toISOString(),
    createdBy: view.createdByName,
    approvedBy: view.approvedByName,
    approvedAt: view.approvedAt?.toISOString() ?? null,
    statusReason: view.statusReason,
    verifiedOnChainAt: view.verifiedOnChainAt?.toISOString() ?? null,
  };
}

/** The wallet if the actor may see it: administrators any of the tenant, others only their company's. */
export async function visibleWallet(tx: Tx, actor: Actor, id: string): Promise<WalletView> {
  const view = await repository.findWalletView(tx, id);
  const scope = companyScopeOf(actor);
  if (!view || (scope !== undefined && view.companyId !== scope)) throw AppError.notFound('Wallet');
  return view;
}

/** The wallet if it is one of the actor's own company: only the company changes its wallets (administrators decide on them). */
export async function ownWallet(tx: Tx, actor: Actor, id: string): Promise<WalletView> {
  const view = await visibleWallet(tx, actor, id);
  if (view.companyId !== actor.companyId) throw AppError.notFound('Wallet');
  return view;
}

export async function viewOf(tx: Tx, id: string): Promise<CompanyWallet> {
  return toCompanyWallet((await repository.findWalletView(tx, id))!);
}
