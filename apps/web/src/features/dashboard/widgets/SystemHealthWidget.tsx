import { SERVER_EVENTS, type SystemStatsPayload } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useRealtimeEvent, useRealtimeSubscription } from '../../../lib/realtime';
import { useSystemHealth } from '../api/dashboard-widgets';
import { WidgetState } from '../components/WidgetState';

const COMPONENTS = ['database', 'chain', 'jobs', 'realtime'] as const;

/** The server's /health components, and from system_stats who is connected and for how long it has run. */
export function SystemHealthWidget() {
  const { t } = useTranslation();
  const health = useSystemHealth();
  const [stats, setStats] = useState<SystemStatsPayload | null>(null);
  useRealtimeSubscription('system_stats', undefined);
  useRealtimeEvent(SERVER_EVENTS.systemStats, setStats);
  useRealtimeEvent(SERVER_EVENTS.systemStatsUpdate, setStats);
  const language = currentLanguage();
  const report = health.data;
  return (
    <WidgetState loading={health.isPending} error={health.error} empty={false} emptyText="">
      {report && (
        <Stack spacing={1}>
          <Chip
            sx={{ alignSelf: 'flex-start' }}
            color={report.status === 'ok' ? 'success' : 'warning'}
            label={report.status === 'ok' ? t('dashboard.health.ok') : t('dashboard.health.degraded')}
            data-testid="system-health-status"
          />
          <List dense disablePadding>
            {COMPONENTS.map((name) => (
              <ListItem key={name} disableGutters>
                <ListItemText
                  primary={`${t(`dashboard.health.components.${name}`)}: ${report.components[name].status === 'up' ? t('dashboard.health.up') : t('dashboard.health.down')}`}
                  secondary={`${report.components[name].detail} · ${formatNumber(Math.round(report.components[name].latencyMs), language)} ms`}
                />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.health.uptime', { uptime: formatDuration(Math.round(stats?.uptimeSeconds ?? report.uptimeSeconds)) })}
            {stats && ` · ${t('dashboard.health.connectedUsers', { count: stats.connectedUsers })}`}
          </Typography>
        </Stack>
      )}
    </WidgetState>
  );
}
