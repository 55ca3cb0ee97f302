import { marketConditionsSchema, type MarketConditions } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { marketKeys } from './market-keys';

export function fetchMarketConditions(): Promise<MarketConditions> {
  return api.get('/market/conditions', marketConditionsSchema);
}

export const marketConditionsQuery = () => queryOptions({ queryKey: marketKeys.conditions, queryFn: fetchMarketConditions, staleTime: 30_000 });

export function useMarketConditions() {
  return useQuery(marketConditionsQuery());
}
