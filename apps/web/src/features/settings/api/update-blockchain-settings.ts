import { blockchainSettingsSchema, type UpdateBlockchainSettingsRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { blockchainSettingsKey } from './blockchain-settings';

export function updateBlockchainSettings(changes: UpdateBlockchainSettingsRequest) {
  return api.put('/settings/blockchain', changes, blockchainSettingsSchema);
}

export function useUpdateBlockchainSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlockchainSettings,
    onSuccess: (settings) => queryClient.setQueryData(blockchainSettingsKey, settings),
  });
}
