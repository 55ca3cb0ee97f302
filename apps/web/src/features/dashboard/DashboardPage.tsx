import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ForestOutlined from '@mui/icons-material/ForestOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';
import { useAuthStore } from '../../lib/auth-store';
import { useDashboardSummary } from './api/dashboard-summary';

const QUICK_ACTIONS: readonly { key: string; path: string; icon: ReactNode }[] = [
  { key: 'retire', path: '/retirements', icon: <LocalFireDepartmentOutlined /> },
  { key: 'mint', path: '/minting', icon: <TokenOutlined /> },
  { key: 'projects', path: '/carbon-projects', icon: <ForestOutlined /> },
  { key: 'wallets', path: '/wallets', icon: <AccountBalanceWalletOutlined /> },
  { key: 'certificates', path: '/certificates', icon: <WorkspacePremiumOutlined /> },
  { key: 'kyc', path: '/kyc', icon: <VerifiedOutlined /> },
];

function SectionSkeleton() {
  return (
    <Box aria-hidden>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={40} />
      ))}
    </Box>
  );
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const company = useAuthStore((state) => state.company);
  const summary = useDashboardSummary();
  const language = currentLanguage();
  /**
   * Audit actions read as a sentence in the user's language: 'security.login_succeeded' as the
   * security event it records, 'retirement.created' as what happened. An action this version
   * has no sentence for says so plainly instead of showing its raw key.
   */
  const actionLabel = (action: string) => {
    const securityKey = `securityEvents.${action.replace(/^security\./, '')}`;
    if (action.startsWith('security.') && i18n.exists(securityKey)) return t(securityKey);
    const key = `dashboard.activityActions.${action}`;
    return i18n.exists(key) ? t(key) : t('dashboard.activityOther');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('dashboard.welcome', { name: user?.firstName ?? '' })}
        </Typography>
        <Typography color="text.secondary">{t('dashboard.subtitle', { company: company?.name ?? '' })}</Typography>
      </Box>

      <Card component="section" aria-labelledby="quick-actions-title">
        <CardHeader title={t('dashboard.quickActions')} slotProps={{ title: { id: 'quick-actions-title', component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {QUICK_ACTIONS.map((action) => (
            <Button
              key={action.key}
              component={RouterLink}
              to={action.path}
              variant="outlined"
              startIcon={action.icon}
              sx={{ justifyContent: 'flex-start', py: 1.5 }}
            >
              {t(`dashboard.actions.${action.key}`)}
            </Button>
          ))}
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Card component="section" aria-labelledby="pending-title">
          <CardHeader title={t('dashboard.pendingActions')} slotProps={{ title: { id: 'pending-title', component: 'h2', variant: 'h6' } }} />
          <CardContent>
            {summary.isPending && <SectionSkeleton />}
            {summary.isError && <Alert severity="error">{translateMessage(t, summary.error.message)}</Alert>}
            {summary.data && summary.data.pendingActions.length === 0 && <Typography color="text.secondary">{t('dashboard.noPendingActions')}</Typography>}
            {summary.data && summary.data.pendingActions.length > 0 && (
              <List disablePadding>
                {summary.data.pendingActions.map((action) => (
                  <ListItem key={action.id} disablePadding divider>
                    <ListItemButton component={RouterLink} to={action.link}>
                      <ListItemText primary={action.title} secondary={action.description} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>

        <Card component="section" aria-labelledby="activity-title">
          <CardHeader title={t('dashboard.activityLog')} slotProps={{ title: { id: 'activity-title', component: 'h2', variant: 'h6' } }} />
          <CardContent>
            {summary.isPending && <SectionSkeleton />}
            {summary.data && summary.data.recentActivity.length === 0 && <Typography color="text.secondary">{t('dashboard.noActivity')}</Typography>}
            {summary.data && summary.data.recentActivity.length > 0 && (
              <List disablePadding dense>
                {summary.data.recentActivity.map((entry) => (
                  <ListItem key={entry.id} divider>
                    <ListItemText
                      primary={actionLabel(entry.action)}
                      secondary={`${entry.actor ?? t('dashboard.system')} · ${formatDateTime(entry.timestamp, language)}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
