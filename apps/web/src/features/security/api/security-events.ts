import { securityEventSchema, type SecurityEvent, type securityEventTypeSchema } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export interface SecurityEventFilters {
  type?: z.infer<typeof securityEventTypeSchema>;
  limit?: number;
}

export function fetchSecurityEvents(filters: SecurityEventFilters): Promise<SecurityEvent[]> {
  return api.get('/sessions/security-events', z.array(securityEventSchema), { query: { ...filters } });
}

export const securityEventsQuery = (filters: SecurityEventFilters) =>
  queryOptions({ queryKey: ['security-events', filters], queryFn: () => fetchSecurityEvents(filters), staleTime: 30_000 });

export function useSecurityEvents(filters: SecurityEventFilters) {
  return useQuery(securityEventsQuery(filters));
}
