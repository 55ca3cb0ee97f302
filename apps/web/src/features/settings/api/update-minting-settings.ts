import { mintingSettingsSchema, type updateMintingSettingsRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { mintingSettingsKey } from './minting-settings';

/** PUT /minting/settings: the approval limit (kept by the approval engine as where the mint levels start) and prices. */
export function updateMintingSettings(changes: z.input<typeof updateMintingSettingsRequest>) {
  return api.put('/minting/settings', changes, mintingSettingsSchema);
}

export function useUpdateMintingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMintingSettings,
    onSuccess: (settings) => queryClient.setQueryData(mintingSettingsKey, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });
}
