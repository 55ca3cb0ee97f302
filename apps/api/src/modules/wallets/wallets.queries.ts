import { address } from '@solana/kit';
import { isOperationalWalletStatus, walletTexts, type CompanyWallet, type CompanyWalletDetail, type WalletListQuery } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { explorerUrl } from '../../lib/explorer';
import { listTokenMints } from './token-mints.repository';
import type { WalletDeps } from './wallets.deps';
import * as repository from './wallets.repository';
import type { WalletRow } from './wallets.repository';
import { confirmVerificationIfLanded } from './wallets.verification';
import { toCompanyWallet, visibleWallet } from './wallets.views';

/**
 * Reads of the wallets module's records that other modules run inside their own database
 * transaction: a wallet by its address (retirements find the managed wallet that signs),
 * the tenant's project mints (portfolio, and minting records a new one).
 */
export { findWalletByAddress } from './wallets.repository';
export { listTokenMints, recordTokenMint } from './token-mints.repository';

/** Members see their company's wallets; administrators any company's, or every company's wallets of one status. */
export async function listWallets(deps: WalletDeps, actor: Actor, query: WalletListQuery): Promise<CompanyWallet[]> {
  const tenantWide = actsTenantWide(actor);
  if (query.companyId && query.companyId !== actor.companyId && !tenantWide) throw new AppError('ACCESS_DENIED');
  const companyId = query.companyId ?? (tenantWide && query.status ? undefined : actor.companyId);
  const views = await deps.db.withTenant(actor.tenantId, (tx) => repository.listWalletViews(tx, { companyId, status: query.status }));
  return views.map(toCompanyWallet);
}

async function readFromChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', walletTexts.loadFailed, { cause: error });
  }
}

/** The wallet with its SOL, token balances and allowed mints read from the chain now. */
export async function walletDetail(deps: WalletDeps, actor: Actor, id: string): Promise<CompanyWalletDetail> {
  const { view, mints } = await deps.db.withTenant(actor.tenantId, async (tx) => ({
    view: await visibleWallet(tx, actor, id),
    mints: await listTokenMints(tx),
  }));
  const verified = await confirmVerificationIfLanded(deps, actor.tenantId, view);
  const { chain } = deps.chainContext;
  const owner = address(view.address);
  const [lamports, accounts] = await readFromChain(() => Promise.all([chain.getBalance(owner), chain.getTokenAccountsByOwner(owner)]));
  const known = new Map(mints.map((mint) => [mint.mintAddress, mint]));
  const balances = await readFromChain(() =>
    Promise.all(
      accounts.map(async (account) => {
        const mint = known.get(account.mint);
        const decimals = mint?.decimals ?? (await chain.getMint(account.mint))?.decimals ?? 0;
        return {
          mint: account.mint,
          account: account.address,
          symbol: mint?.symbol ?? null,
          tokenName: mint?.name ?? null,
          amount: account.amount.toString(),
          decimals,
          frozen: account.frozen,
        };
      }),
    ),
  );
  return {
    ...toCompanyWallet(verified),
    solBalanceLamports: lamports.toString(),
    balances,
    allowedMints: mints.map((mint) => ({ mint: mint.mintAddress, symbol: mint.symbol, tokenName: mint.name })),
    explorerUrl: explorerUrl(deps.explorer, 'address', view.address),
  };
}

/** For other features: the company's wallet at this address if it may perform token operations, else null. */
export async function operationalWalletOfCompany(tx: Tx, companyId: string, walletAddress: string): Promise<WalletRow | null> {
  const row = await repository.findWalletByAddress(tx, walletAddress);
  if (!row || row.removedAt || row.companyId !== companyId || !isOperationalWalletStatus(row.status)) return null;
  return row;
}
