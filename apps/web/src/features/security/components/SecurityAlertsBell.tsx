import { SECURITY_BELL, SERVER_EVENTS } from '@carbonledger/contracts';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BellPopover } from '../../../components/BellPopover';
import { useNavigate } from 'react-router';
import { ResolveAlertChip } from './ResolveAlertChip';
import { securityAlertKeys, useSecurityAlerts } from '../api/security-alerts';
import { useFallbackInterval, useRealtimeInvalidate } from '../../../lib/realtime';
import { SeverityChip } from './SeverityChip';

/** docs/product.md §2 security-alerts bell: up to 5 unresolved alerts, Resolve chips, badge max 99. */
export function SecurityAlertsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Pushed over the socket; the poll only covers a socket that is down.
  useRealtimeInvalidate([SERVER_EVENTS.securityAlert, SERVER_EVENTS.securityAlertsCountUpdate], securityAlertKeys.all);
  const alerts = useSecurityAlerts({ resolved: 'false', limit: 100 }, { refetchInterval: useFallbackInterval(5 * 60_000, 60_000) });
  const unresolved = alerts.data?.filter((alert) => !alert.resolved) ?? [];
  const critical = unresolved.some((alert) => alert.severity === 'critical');
  const openSecurityCenter = (close: () => void) => {
    close();
    void navigate('/security-center');
  };
  return (
    <BellPopover
      title={t('securityBell.title')}
      buttonLabel={t('securityBell.bell', { count: unresolved.length })}
      icon={<GppMaybeOutlined />}
      badgeContent={unresolved.length}
      badgeColor="error"
      badgeMax={SECURITY_BELL.badgeMax}
      paperSx={{ width: 380 }}
    >
      {(close) => (
        <>
          <Box sx={{ px: 2, py: 1.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('securityBell.title')}
            </Typography>
          </Box>
          {critical && (
            <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
              {t('securityBell.criticalBanner')}
            </Alert>
          )}
          <Divider />
          {unresolved.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {t('securityBell.empty')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {unresolved.slice(0, SECURITY_BELL.listSize).map((alert) => (
                <ListItem key={alert.id} disablePadding secondaryAction={<ResolveAlertChip alertId={alert.id} />}>
                  <ListItemButton onClick={() => openSecurityCenter(close)} sx={{ pr: 12 }}>
                    <ListItemText
                      primary={alert.title}
                      secondary={<SeverityChip severity={alert.severity} />}
                      slotProps={{ secondary: { component: 'span' } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          <Divider />
          <ListItemButton onClick={() => openSecurityCenter(close)} sx={{ justifyContent: 'center' }}>
            <Typography color="primary" sx={{ fontWeight: 600 }}>
              {t('securityBell.viewSecurityCenter')}
            </Typography>
          </ListItemButton>
        </>
      )}
    </BellPopover>
  );
}
