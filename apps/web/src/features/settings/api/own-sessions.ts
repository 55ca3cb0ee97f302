import { monitoredSessionSchema, type MonitoredSession } from '@carbonledger/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

const ownSessionsKey = ['sessions', 'own'] as const;

/** The signed-in user's own live sessions (and so devices). */
export function fetchOwnSessions(_userId: string): Promise<MonitoredSession[]> {
  return api.get('/sessions/mine', z.array(monitoredSessionSchema));
}

export const ownSessionsQuery = (userId: string) =>
  queryOptions({ queryKey: [...ownSessionsKey, userId], queryFn: () => fetchOwnSessions(userId), staleTime: 15_000 });

export function useOwnSessions(userId: string) {
  return useQuery(ownSessionsQuery(userId));
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/sessions/${encodeURIComponent(id)}`),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
