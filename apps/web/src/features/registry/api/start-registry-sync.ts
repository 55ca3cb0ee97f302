import { registrySyncRunSchema, type RegistrySyncRun } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registryKeys } from './registry-overview';

/** POST /registry/sync: a new run (202) or the one already running (200). */
export function startRegistrySync(): Promise<RegistrySyncRun> {
  return api.post('/registry/sync', undefined, registrySyncRunSchema);
}

export function useStartRegistrySync() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startRegistrySync, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: registryKeys.all }) });
}
