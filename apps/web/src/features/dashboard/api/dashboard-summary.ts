import { dashboardSummarySchema, type DashboardSummary } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function fetchDashboardSummary(): Promise<DashboardSummary> {
  return api.get('/dashboard/summary', dashboardSummarySchema);
}

export const dashboardSummaryQuery = () => queryOptions({ queryKey: ['dashboard', 'summary'], queryFn: fetchDashboardSummary, staleTime: 60_000 });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQuery());
}
