import { address } from '@solana/kit';
import { DEFAULT_PRICES_USD_CENTS, sumAsTonnes, type Portfolio, type PortfolioHolding, type ProjectType } from '@carbonledger/contracts';
import type { ChainClient } from '@carbonledger/chain';
import type { Database } from '../../db/database';
import { explorerUrl, type ExplorerTarget } from '../../lib/explorer';
import { mintingSettingsOf } from '../minting';
import type { RegistryProvider } from '../registry';
import { listTokenMints } from '../wallets';
import { projectMintsByAddress, retiredAmountsOfCompany, walletsOfCompany } from './portfolio.repository';

export interface PortfolioDeps {
  db: Database;
  chain: ChainClient;
  explorer: ExplorerTarget;
  registry: RegistryProvider;
}

/**
 * The company's holdings read from the chain: for every wallet of the company, the token
 * accounts of the tenant's project mints, with the project and vintage behind each mint and a
 * value at the tenant's price per tCO2e for the project type.
 */
export async function companyPortfolio({ db, chain, explorer, registry: registryFor }: PortfolioDeps, tenantId: string, companyId: string): Promise<Portfolio> {
  const facts = await db.withTenant(tenantId, async (tx) => {
    const wallets = await walletsOfCompany(tx, companyId);
    const mints = await listTokenMints(tx);
    const projectMints = await projectMintsByAddress(
      tx,
      mints.map((mint) => mint.mintAddress),
    );
    const registry = registryFor(tx);
    const projects = new Map<string, { name: string; type: ProjectType }>();
    for (const projectMint of projectMints) {
      if (projects.has(projectMint.projectId)) continue;
      const project = await registry.getProject(projectMint.projectId);
      if (project) projects.set(project.id, { name: project.name, type: project.type });
    }
    return { wallets, mints, projectMints, projects, settings: await mintingSettingsOf(tx), retired: await retiredAmountsOfCompany(tx, companyId) };
  });
  const known = new Map(facts.mints.map((mint) => [mint.mintAddress, mint]));
  const projectMintOf = new Map(facts.projectMints.map((row) => [row.mintAddress, row]));
  const retiredOf = new Map(facts.retired.map((entry) => [`${entry.walletAddress}:${entry.tokenMint}`, entry.amount]));
  // One chain read per wallet, all at once; the holdings keep the wallets' order.
  const accountsOfWallets = await Promise.all(facts.wallets.map((wallet) => chain.getTokenAccountsByOwner(address(wallet.address))));
  const holdings: PortfolioHolding[] = [];
  for (const [index, wallet] of facts.wallets.entries()) {
    for (const account of accountsOfWallets[index]!) {
      const mint = known.get(account.mint);
      if (!mint) continue;
      const retired = retiredOf.get(`${wallet.address}:${account.mint}`) ?? 0n;
      // Approval opens an account for every tenant mint; one that never held or retired anything is no holding.
      if (account.amount === 0n && retired === 0n) continue;
      const projectMint = projectMintOf.get(account.mint);
      const project = projectMint ? facts.projects.get(projectMint.projectId) : undefined;
      const price = project ? (facts.settings.pricesUsdCents[project.type] ?? DEFAULT_PRICES_USD_CENTS[project.type]) : 0;
      const tonnes = account.amount / 10n ** BigInt(mint.decimals);
      holdings.push({
        mint: account.mint,
        symbol: mint.symbol,
        tokenName: mint.name,
        projectId: projectMint?.projectId ?? null,
        projectName: project?.name ?? null,
        projectType: project?.type ?? null,
        vintage: projectMint?.vintage ?? null,
        walletId: wallet.id,
        walletAddress: wallet.address,
        walletType: wallet.type,
        walletExplorerUrl: explorerUrl(explorer, 'address', wallet.address),
        decimals: mint.decimals,
        heldAmount: account.amount.toString(),
        retiredAmount: retired.toString(),
        priceUsdCents: price,
        valueUsdCents: (tonnes * BigInt(price)).toString(),
        frozen: account.frozen,
      });
    }
  }
  const tonnes = (pick: (holding: PortfolioHolding) => string) =>
    sumAsTonnes(holdings.map((holding) => ({ amount: BigInt(pick(holding)), decimals: holding.decimals })));
  return {
    holdings,
    totalHeld: tonnes((holding) => holding.heldAmount),
    totalRetired: tonnes((holding) => holding.retiredAmount),
    totalValueUsdCents: holdings.reduce((total, holding) => total + BigInt(holding.valueUsdCents), 0n).toString(),
    readAt: new Date().toISOString(),
  };
}
