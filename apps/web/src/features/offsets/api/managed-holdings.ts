import { portfolioSchema, type PortfolioHolding } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { offsetKeys } from './offset-requests';

/** The company's holdings in platform-managed wallets: what an approval can retire without a browser signature. */
export async function fetchManagedHoldings(): Promise<PortfolioHolding[]> {
  const portfolio = await api.get('/portfolio', portfolioSchema);
  return portfolio.holdings.filter((holding) => holding.walletType === 'platform_managed' && BigInt(holding.heldAmount) > 0n && !holding.frozen);
}

export const managedHoldingsQuery = () => queryOptions({ queryKey: [...offsetKeys.all, 'holdings'], queryFn: fetchManagedHoldings, staleTime: 5_000 });

export function useManagedHoldings(enabled: boolean) {
  return useQuery({ ...managedHoldingsQuery(), enabled });
}
