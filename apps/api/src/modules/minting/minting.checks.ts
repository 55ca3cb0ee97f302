// The preconditions a preview, an execution and a batch of the minting module share.
import { isOperationalWalletStatus, mintingTexts, registryTexts, type CarbonProject } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { MintingDeps } from './minting.deps';
import * as repository from './minting.repository';

export async function requireProject(deps: Pick<MintingDeps, 'registry'>, tx: Tx, projectId: string): Promise<CarbonProject> {
  const project = await deps.registry(tx).getProject(projectId);
  if (!project) throw new AppError('NOT_FOUND', registryTexts.projectNotFound, { fields: { projectId: [registryTexts.projectNotFound] } });
  return project;
}

/** The wallet that receives tokens: a wallet of the caller's company that an administrator approved. */
export async function requireMintWallet(tx: Tx, companyId: string, walletId: string): Promise<repository.CompanyWalletRow> {
  const wallet = await repository.findWallet(tx, walletId);
  if (!wallet || wallet.companyId !== companyId || wallet.removedAt || !isOperationalWalletStatus(wallet.status)) {
    throw AppError.validation({ walletId: [mintingTexts.walletNotApproved] }, mintingTexts.walletNotApproved);
  }
  return wallet;
}

export function requireQuantityAvailable(quantity: bigint, available: bigint): void {
  if (quantity > available) {
    throw AppError.validation(
      { quantity: [`${mintingTexts.quantityUnavailable} At most ${available} tCO2e are available.`] },
      mintingTexts.quantityUnavailable,
    );
  }
}
