import { portfolioSchema, type PortfolioHolding } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * What can be retired: the company's token holdings, read from the chain by GET /portfolio.
 * Platform administrators read the selected company's; for anyone else the server answers their own.
 */
export async function fetchRetireableHoldings(companyId: string): Promise<PortfolioHolding[]> {
  const portfolio = await api.get('/portfolio', portfolioSchema, { query: { companyId } });
  return portfolio.holdings.filter((holding) => BigInt(holding.heldAmount) > 0n && !holding.frozen);
}

export const retireableHoldingsQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['retirements', 'holdings', companyId] as const,
    queryFn: () => fetchRetireableHoldings(companyId),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    enabled: companyId !== '',
  });

export function useRetireableHoldings(companyId: string) {
  return useQuery(retireableHoldingsQuery(companyId));
}
