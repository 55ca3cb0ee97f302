import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './active-sessions';

export function terminateSession(id: string): Promise<unknown> {
  return api.delete(`/sessions/${encodeURIComponent(id)}`);
}

/** docs/product.md §7: after a termination the list and the stats are loaded again. */
export function useTerminateSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: terminateSession, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }) });
}
