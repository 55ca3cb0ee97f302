import { blockchainSettingsSchema, type BlockchainSettings } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const blockchainSettingsKey = ['settings', 'blockchain'] as const;

/** GET /settings/blockchain: network, priority fee, slippage, platform keys and their balances. */
export function fetchBlockchainSettings(): Promise<BlockchainSettings> {
  return api.get('/settings/blockchain', blockchainSettingsSchema);
}

export const blockchainSettingsQuery = queryOptions({ queryKey: blockchainSettingsKey, queryFn: fetchBlockchainSettings });

export function useBlockchainSettings() {
  return useQuery(blockchainSettingsQuery);
}
