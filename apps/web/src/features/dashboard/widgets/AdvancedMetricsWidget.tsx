import { SERVER_EVENTS, type SystemStatsPayload } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useRealtimeEvent, useRealtimeSubscription } from '../../../lib/realtime';
import { dashboardWidgetKeys, useOperationsMetrics } from '../api/dashboard-widgets';
import { WidgetState } from '../components/WidgetState';

/** The System Metrics headline figures (GET /operations/metrics), live from system_stats (which carries them to platform administrators only). */
export function AdvancedMetricsWidget() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const snapshot = useOperationsMetrics();
  const onStats = (stats: SystemStatsPayload) => {
    if (stats.operations) queryClient.setQueryData(dashboardWidgetKeys.metrics, stats.operations.metrics);
  };
  useRealtimeSubscription('system_stats', undefined);
  useRealtimeEvent(SERVER_EVENTS.systemStats, onStats);
  useRealtimeEvent(SERVER_EVENTS.systemStatsUpdate, onStats);
  const language = currentLanguage();
  const ms = (value: number | null) => (value === null ? '—' : `${formatNumber(Math.round(value), language)} ms`);
  const metrics = snapshot.data;
  const figures = metrics
    ? [
        ['requestsPerMinute', formatNumber(Math.round(metrics.performance.requestsPerMinute), language)],
        ['p95', ms(metrics.performance.p95Ms)],
        ['errorRate', `${formatNumber(Math.round(metrics.performance.errorRate * 1000) / 10, language)} %`],
        ['cpu', `${formatNumber(Math.round(metrics.system.cpuPercent), language)} %`],
        ['heap', formatBytes(metrics.system.heapUsedBytes, language)],
        ['eventLoopLag', ms(metrics.system.eventLoopLagMs)],
        ['sockets', formatNumber(metrics.network.connectedSockets, language)],
      ]
    : [];
  return (
    <WidgetState loading={snapshot.isPending} error={snapshot.error} empty={false} emptyText="">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 2, m: 0 }}>
        {figures.map(([key, value]) => (
          <Box key={key}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`dashboard.advanced.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </WidgetState>
  );
}
