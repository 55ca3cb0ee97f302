import { monitoredSessionSchema, type MonitoredSession } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const sessionKeys = {
  all: ['sessions'] as const,
  active: () => [...sessionKeys.all, 'active'] as const,
  stats: () => [...sessionKeys.all, 'stats'] as const,
};

export function fetchActiveSessions(): Promise<MonitoredSession[]> {
  return api.get('/sessions/active', z.array(monitoredSessionSchema));
}

export const activeSessionsQuery = () => queryOptions({ queryKey: sessionKeys.active(), queryFn: fetchActiveSessions, staleTime: 15_000 });

export function useActiveSessions() {
  return useQuery(activeSessionsQuery());
}
