import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { companyWallets, projectMints, retirements } from '../../db/schema';

// The portfolio is a read model (like the dashboard): it reads the rows it shows from the
// wallets', minting's and retirements' tables in one transaction. What those modules define —
// which mints are the tenant's, the prices with their defaults — comes through their faces.

export type PortfolioWalletRow = typeof companyWallets.$inferSelect;
export type PortfolioProjectMintRow = typeof projectMints.$inferSelect;

/** The company's wallets that are not removed. */
export async function walletsOfCompany(tx: Tx, companyId: string): Promise<PortfolioWalletRow[]> {
  return tx
    .select()
    .from(companyWallets)
    .where(and(eq(companyWallets.companyId, companyId), isNull(companyWallets.removedAt)));
}

/** The project and vintage behind each of these mints, where the minting module created it. */
export async function projectMintsByAddress(tx: Tx, addresses: readonly string[]): Promise<PortfolioProjectMintRow[]> {
  if (addresses.length === 0) return [];
  return tx
    .select()
    .from(projectMints)
    .where(inArray(projectMints.mintAddress, [...addresses]));
}

/** Completed retirements of a company per wallet and token. */
export async function retiredAmountsOfCompany(tx: Tx, companyId: string): Promise<{ walletAddress: string; tokenMint: string; amount: bigint }[]> {
  const rows = await tx
    .select({ walletAddress: retirements.walletAddress, tokenMint: retirements.tokenMint, amount: sql<string>`sum(${retirements.amount})::text` })
    .from(retirements)
    .where(and(eq(retirements.companyId, companyId), eq(retirements.status, 'completed')))
    .groupBy(retirements.walletAddress, retirements.tokenMint);
  return rows.map((row) => ({ ...row, amount: BigInt(row.amount) }));
}
