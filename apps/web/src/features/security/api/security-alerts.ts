import { securityAlertSchema, type SecurityAlert } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export interface SecurityAlertFilters {
  resolved?: 'true' | 'false';
  severity?: SecurityAlert['severity'];
  limit?: number;
}

export const securityAlertKeys = { all: ['security-alerts'] as const, list: (filters: SecurityAlertFilters) => [...securityAlertKeys.all, filters] as const };

export function fetchSecurityAlerts(filters: SecurityAlertFilters): Promise<SecurityAlert[]> {
  return api.get('/security/alerts', z.array(securityAlertSchema), { query: { ...filters } });
}

export const securityAlertsQuery = (filters: SecurityAlertFilters) =>
  queryOptions({ queryKey: securityAlertKeys.list(filters), queryFn: () => fetchSecurityAlerts(filters), staleTime: 30_000 });

export function useSecurityAlerts(filters: SecurityAlertFilters, options: { refetchInterval?: number } = {}) {
  return useQuery({ ...securityAlertsQuery(filters), ...options });
}
