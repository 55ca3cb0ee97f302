import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { formatDuration } from '../../lib/format';
import { translateMessage } from '../../lib/messages';
import { useActiveSessions } from './api/active-sessions';
import { useSessionStats } from './api/session-stats';
import { SessionsTable } from './components/SessionsTable';

export default function ActiveSessionsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const sessions = useActiveSessions();
  const stats = useSessionStats();
  return (
    <Box>
      <PageHeader title={name} subtitle={t('sessions.subtitle')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, mb: 3 }}>
        <StatCard label={t('sessions.stats.active')} value={stats.data?.active} />
        <StatCard label={t('sessions.stats.idle')} value={stats.data?.idle} />
        <StatCard label={t('sessions.stats.uniqueUsers')} value={stats.data?.uniqueUsers} />
        <StatCard label={t('sessions.stats.revokedLast24h')} value={stats.data?.revokedLast24h} />
        <StatCard label={t('sessions.stats.averageDuration')} value={stats.data ? formatDuration(stats.data.averageDurationSeconds) : undefined} />
      </Box>
      {stats.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translateMessage(t, stats.error.message)}
        </Alert>
      )}
      <Card variant="outlined">
        {sessions.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {sessions.isError && <Alert severity="error">{translateMessage(t, sessions.error.message)}</Alert>}
        {sessions.data && <SessionsTable sessions={sessions.data} />}
      </Card>
    </Box>
  );
}
