import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';
import { LockedAccountsCard } from './components/LockedAccountsCard';
import { ResolveAlertChip } from './components/ResolveAlertChip';
import { useSecurityAlerts } from './api/security-alerts';
import { useSecurityEvents } from './api/security-events';
import { useSessionStats } from './api/session-stats';
import { SeverityChip } from './components/SeverityChip';

export default function SecurityCenterPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const alerts = useSecurityAlerts({ limit: 100 });
  const events = useSecurityEvents({ limit: 20 });
  const stats = useSessionStats();
  const unresolved = alerts.data?.filter((alert) => !alert.resolved);
  const critical = unresolved?.filter((alert) => alert.severity === 'critical').length;

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('securityCenter.subtitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={RouterLink} to="/security/sessions" variant="outlined">
              {t('nav.items.activeSessions')}
            </Button>
            <Button component={RouterLink} to="/security/logs" variant="outlined">
              {t('nav.items.requestLogs')}
            </Button>
          </Box>
        }
      />
      {critical !== undefined && critical > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('securityBell.criticalBanner')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
        <StatCard label={t('securityCenter.unresolvedAlerts')} value={unresolved?.length} />
        <StatCard label={t('securityCenter.criticalAlerts')} value={critical} />
        <StatCard label={t('sessions.stats.active')} value={stats.data?.active} />
        <StatCard label={t('sessions.stats.revokedLast24h')} value={stats.data?.revokedLast24h} />
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Card variant="outlined" component="section" aria-labelledby="alerts-title">
          <CardHeader title={t('securityCenter.alerts')} slotProps={{ title: { id: 'alerts-title', component: 'h2', variant: 'h6' } }} />
          <CardContent>
            {alerts.isError && <Alert severity="error">{translateMessage(t, alerts.error.message)}</Alert>}
            {alerts.data?.length === 0 && <Typography color="text.secondary">{t('securityBell.empty')}</Typography>}
            <List disablePadding>
              {alerts.data?.map((alert) => (
                <ListItem
                  key={alert.id}
                  divider
                  secondaryAction={alert.resolved ? <Chip label={t('securityCenter.resolved')} size="small" /> : <ResolveAlertChip alertId={alert.id} />}
                >
                  <ListItemText
                    sx={{ pr: 10 }}
                    primary={alert.title}
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {alert.description}
                        </Box>
                        <SeverityChip severity={alert.severity} /> {formatDateTime(alert.timestamp, language)}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="events-title">
          <CardHeader title={t('securityCenter.events')} slotProps={{ title: { id: 'events-title', component: 'h2', variant: 'h6' } }} />
          <CardContent>
            {events.isError && <Alert severity="error">{translateMessage(t, events.error.message)}</Alert>}
            {events.data?.length === 0 && <Typography color="text.secondary">{t('securityCenter.noEvents')}</Typography>}
            <List disablePadding dense>
              {events.data?.map((event) => (
                <ListItem key={event.id} divider>
                  <ListItemText
                    primary={t(`securityEvents.${event.type}`)}
                    secondary={`${event.userEmail ?? '—'} · ${event.ip ?? '—'} · ${formatDateTime(event.timestamp, language)}`}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <LockedAccountsCard />
      </Box>
    </Box>
  );
}
