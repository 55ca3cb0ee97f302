import { carbonPriceSchema, type CarbonPrice, type PriceRange } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { marketKeys } from './market-keys';

export function fetchCarbonPrice(range: PriceRange): Promise<CarbonPrice> {
  return api.get(`/market/price?range=${range}`, carbonPriceSchema);
}

export const carbonPriceQuery = (range: PriceRange) =>
  queryOptions({ queryKey: marketKeys.price(range), queryFn: () => fetchCarbonPrice(range), staleTime: 60_000, placeholderData: keepPreviousData });

export function useCarbonPrice(range: PriceRange) {
  return useQuery(carbonPriceQuery(range));
}
