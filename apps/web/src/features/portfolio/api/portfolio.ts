import { portfolioSchema, type Portfolio } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const portfolioKeys = { all: ['portfolio'] as const };

export function fetchPortfolio(): Promise<Portfolio> {
  return api.get('/portfolio', portfolioSchema);
}

/** The server reads the balances from the chain on every call; a short freshness keeps the table close to it. */
export const portfolioQuery = () => queryOptions({ queryKey: portfolioKeys.all, queryFn: fetchPortfolio, staleTime: 10_000 });

export function usePortfolio() {
  return useQuery(portfolioQuery());
}
