import { SERVER_EVENTS, actsForWholeTenant } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../../components/AccessDenied';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { currentLanguage } from '../../lib/i18n';
import { useRealtimeEvent, useRealtimeStatus, useRealtimeSubscription, type RealtimeEventMap } from '../../lib/realtime';
import { metricsKeys, useMetrics } from './api/metrics';
import { PerformanceTab } from './components/PerformanceTab';
import { DatabaseTab, NetworkTab, SystemTab } from './components/ResourceTabs';

const TABS = ['performance', 'database', 'network', 'system'] as const;
type TabName = (typeof TABS)[number];

function SystemMetrics() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabName>('performance');
  const metrics = useMetrics();
  const live = useRealtimeStatus() === 'connected';
  useRealtimeSubscription('system_stats', undefined);
  const onStats = (stats: RealtimeEventMap['system_stats']) => {
    if (stats.operations) queryClient.setQueryData(metricsKeys.snapshot(), stats.operations.metrics);
  };
  useRealtimeEvent(SERVER_EVENTS.systemStats, onStats);
  useRealtimeEvent(SERVER_EVENTS.systemStatsUpdate, onStats);

  const updatedAt = metrics.data && new Intl.DateTimeFormat(language, { timeStyle: 'medium' }).format(new Date(metrics.data.timestamp));
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader
        title={t('pages.metrics')}
        subtitle={t('operations.metrics.subtitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {updatedAt && (
              <Typography variant="body2" color="text.secondary" data-testid="metrics-updated-at" aria-live="polite">
                {t('operations.metrics.updatedAt', { time: updatedAt })}
              </Typography>
            )}
            <Chip size="small" color={live ? 'success' : 'default'} label={live ? t('operations.live') : t('operations.offline')} />
          </Box>
        }
      />
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} aria-label={t('pages.metrics')} variant="scrollable">
            {TABS.map((name) => (
              <Tab key={name} value={name} label={t(`operations.metrics.tabs.${name}`)} />
            ))}
          </Tabs>
          {metrics.isPending ? (
            <Skeleton variant="rectangular" height={240} />
          ) : metrics.isError ? (
            <Alert severity="error" action={<Button onClick={() => void metrics.refetch()}>{t('operations.retry')}</Button>}>
              {t('operations.metrics.loadFailed')}
            </Alert>
          ) : tab === 'performance' ? (
            <PerformanceTab performance={metrics.data.performance} />
          ) : tab === 'database' ? (
            <DatabaseTab database={metrics.data.database} />
          ) : tab === 'network' ? (
            <NetworkTab network={metrics.data.network} />
          ) : (
            <SystemTab system={metrics.data.system} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** docs/product.md §2 System Metrics: the platform company's administrators only (the API refuses anyone else). */
export default function MetricsPage() {
  const role = useAuthStore((state) => state.user?.role);
  const company = useAuthStore((state) => state.company);
  if (!role || !actsForWholeTenant(role) || company?.isPlatform !== true) return <AccessDenied />;
  return <SystemMetrics />;
}
