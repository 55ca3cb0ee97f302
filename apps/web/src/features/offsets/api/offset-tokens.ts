import { offsetTokenListSchema, type OffsetToken } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { offsetKeys } from './offset-requests';

/** The tenant's project tokens a request may name. */
export function fetchOffsetTokens(): Promise<OffsetToken[]> {
  return api.get('/offsets/tokens', offsetTokenListSchema);
}

export const offsetTokensQuery = () => queryOptions({ queryKey: [...offsetKeys.all, 'tokens'], queryFn: fetchOffsetTokens, staleTime: 60_000 });

export function useOffsetTokens(enabled: boolean) {
  return useQuery({ ...offsetTokensQuery(), enabled });
}
