import { sessionStatsSchema, type SessionStats } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './active-sessions';

export function fetchSessionStats(): Promise<SessionStats> {
  return api.get('/sessions/stats', sessionStatsSchema);
}

export const sessionStatsQuery = () => queryOptions({ queryKey: sessionKeys.stats(), queryFn: fetchSessionStats, staleTime: 15_000 });

export function useSessionStats() {
  return useQuery(sessionStatsQuery());
}
