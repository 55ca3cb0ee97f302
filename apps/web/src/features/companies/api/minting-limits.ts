import { mintingSettingsSchema, type MintingSettings } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

/** The tenant's mint approval limit, which applies to every company (GET /minting/settings). */
export function fetchMintingLimits(): Promise<MintingSettings> {
  return api.get('/minting/settings', mintingSettingsSchema);
}

export function useMintingLimits(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: [...companyKeys.all, 'limits'] as const, queryFn: fetchMintingLimits, staleTime: 60_000 }), enabled });
}
