import { marketForecastSchema, type MarketForecast } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { marketKeys } from './market-keys';

export function fetchMarketForecast(horizon: number): Promise<MarketForecast> {
  return api.get(`/market/forecast?horizon=${horizon}`, marketForecastSchema);
}

export const marketForecastQuery = (horizon: number) =>
  queryOptions({ queryKey: marketKeys.forecast(horizon), queryFn: () => fetchMarketForecast(horizon), staleTime: 60_000, placeholderData: keepPreviousData });

export function useMarketForecast(horizon: number) {
  return useQuery(marketForecastQuery(horizon));
}
