import { mintingSettingsSchema, type MintingSettings } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const mintingSettingsKey = ['minting', 'settings'] as const;

/** GET /minting/settings: the mint approval limit (tCO2e) and the price list per project type. */
export function fetchMintingSettings(): Promise<MintingSettings> {
  return api.get('/minting/settings', mintingSettingsSchema);
}

export function useMintingSettings() {
  return useQuery(queryOptions({ queryKey: mintingSettingsKey, queryFn: fetchMintingSettings }));
}
