import { blockchainSettingsSchema, type BlockchainSettings } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const blockchainSettingsKey = ['settings', 'blockchain'] as const;

/** GET /settings/blockchain: network, priority fee, slippage, platform keys and their balances. */
export function fetchBlockchainSettings(): Promise<BlockchainSettings> {
  return api.get('/settings/blockchain', blockchainSettingsSchema);
}

/** Balances move with every fee paid and no realtime event announces them: the open tab reads them again every half minute. */
export const BLOCKCHAIN_SETTINGS_REFRESH_MS = 30_000;

export const blockchainSettingsQuery = queryOptions({
  queryKey: blockchainSettingsKey,
  queryFn: fetchBlockchainSettings,
  refetchInterval: BLOCKCHAIN_SETTINGS_REFRESH_MS,
});

export function useBlockchainSettings() {
  return useQuery(blockchainSettingsQuery);
}
