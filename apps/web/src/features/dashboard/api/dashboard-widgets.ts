import {
  API_BASE_PATH,
  dailyVolumeSchema,
  dashboardAlertsSchema,
  healthReport,
  idempotencyMetricsSchema,
  metricsSnapshotSchema,
  type HealthReport,
} from '@carbonledger/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

export const dashboardWidgetKeys = {
  dailyVolume: ['dashboard', 'daily-volume'] as const,
  alerts: ['dashboard', 'alerts'] as const,
  idempotency: ['dashboard', 'idempotency'] as const,
  health: ['dashboard', 'health'] as const,
  metrics: ['dashboard', 'operations-metrics'] as const,
};

export function useDailyVolume() {
  return useQuery({ queryKey: dashboardWidgetKeys.dailyVolume, queryFn: () => api.get('/dashboard/daily-volume', dailyVolumeSchema), staleTime: 60_000 });
}

export function useDashboardAlerts() {
  return useQuery({ queryKey: dashboardWidgetKeys.alerts, queryFn: () => api.get('/dashboard/alerts', dashboardAlertsSchema), staleTime: 30_000 });
}

export function useIdempotencyMetrics() {
  const refetchInterval = useFallbackInterval(60_000, 30_000);
  return useQuery({ queryKey: dashboardWidgetKeys.idempotency, queryFn: () => api.get('/dashboard/idempotency', idempotencyMetricsSchema), refetchInterval });
}

const healthEnvelope = z.object({ data: healthReport });

/** A degraded server answers /health with 503 and the report in it: read it with a plain fetch, as lib/embedded-chain does. */
async function fetchHealth(): Promise<HealthReport> {
  const response = await fetch(`${API_BASE_PATH}/health`, { headers: { accept: 'application/json' } });
  return healthEnvelope.parse(await response.json()).data;
}

export function useSystemHealth() {
  return useQuery({ queryKey: dashboardWidgetKeys.health, queryFn: fetchHealth, refetchInterval: 30_000 });
}

/** The System Metrics snapshot: read once, then written by each system_stats tick (a poll while the socket is down). */
export function useOperationsMetrics() {
  const refetchInterval = useFallbackInterval(false, 15_000);
  return useQuery({ queryKey: dashboardWidgetKeys.metrics, queryFn: () => api.get('/operations/metrics', metricsSnapshotSchema), refetchInterval });
}
