import { portfolioSchema, type Portfolio } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** One token the company holds, as a wallet shows it: the mint address and what it is. */
export interface CompanyMint {
  mint: string;
  symbol: string;
  tokenName: string;
  projectName: string | null;
  vintage: number | null;
  /** Some wallet of the company holds it frozen (not approved yet, suspended or revoked). */
  frozenSomewhere: boolean;
}

/** The portfolio's holdings, one row per mint (a mint held in several wallets is listed once). */
export function mintsOf(portfolio: Portfolio): CompanyMint[] {
  const mints = new Map<string, CompanyMint>();
  for (const holding of portfolio.holdings) {
    const known = mints.get(holding.mint);
    if (known) known.frozenSomewhere ||= holding.frozen;
    else
      mints.set(holding.mint, {
        mint: holding.mint,
        symbol: holding.symbol,
        tokenName: holding.tokenName,
        projectName: holding.projectName,
        vintage: holding.vintage,
        frozenSomewhere: holding.frozen,
      });
  }
  return [...mints.values()];
}

/**
 * The same query as the portfolio screen (same key), so the live refresh that keeps the
 * portfolio current (mints, retirements) refreshes this list too.
 */
export const companyMintsQuery = () =>
  queryOptions({ queryKey: ['portfolio'] as const, queryFn: () => api.get('/portfolio', portfolioSchema), staleTime: 10_000, select: mintsOf });

export function useCompanyMints() {
  return useQuery(companyMintsQuery());
}
