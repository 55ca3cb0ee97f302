import { securityEventSchema, type SecurityEvent } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export function fetchOwnSecurityHistory(_userId: string): Promise<SecurityEvent[]> {
  return api.get('/sessions/mine/events', z.array(securityEventSchema), { query: { limit: 20 } });
}

export const ownSecurityHistoryQuery = (userId: string) =>
  queryOptions({ queryKey: ['security-events', 'own', userId], queryFn: () => fetchOwnSecurityHistory(userId), staleTime: 30_000 });

export function useOwnSecurityHistory(userId: string) {
  return useQuery(ownSecurityHistoryQuery(userId));
}
