import { metricsSnapshotSchema, type MetricsSnapshot } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

export const metricsKeys = {
  all: ['system-metrics'] as const,
  snapshot: () => [...metricsKeys.all, 'snapshot'] as const,
};

export function fetchMetrics(): Promise<MetricsSnapshot> {
  return api.get('/operations/metrics', metricsSnapshotSchema);
}

export const metricsQuery = () => queryOptions({ queryKey: metricsKeys.snapshot(), queryFn: fetchMetrics });

/** The first figures come from the API; system_stats_update then writes each new snapshot into this query (a poll while the socket is down). */
export function useMetrics() {
  const refetchInterval = useFallbackInterval(false, 10_000);
  return useQuery({ ...metricsQuery(), refetchInterval });
}
