import { SERVER_EVENTS } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRealtimeInvalidate } from '../../../lib/realtime';
import { dashboardWidgetKeys, useDashboardAlerts } from '../api/dashboard-widgets';
import { WidgetState } from '../components/WidgetState';

/** Unresolved security alerts, platform keys low on SOL, and the company's KYC when not approved. */
export function AlertsWidget() {
  const { t } = useTranslation();
  const alerts = useDashboardAlerts();
  useRealtimeInvalidate([SERVER_EVENTS.securityAlert, SERVER_EVENTS.securityAlertsCountUpdate, SERVER_EVENTS.kycUpdate], dashboardWidgetKeys.alerts);
  const list = alerts.data?.alerts ?? [];
  return (
    <WidgetState loading={alerts.isPending} error={alerts.error} empty={list.length === 0} emptyText={t('dashboard.alerts.none')}>
      <Stack spacing={1}>
        {list.map((alert) => (
          <Alert
            key={alert.kind}
            severity={alert.severity}
            action={
              <Button component={RouterLink} to={alert.link} color="inherit" size="small">
                {t('dashboard.alerts.open')}
              </Button>
            }
          >
            {alert.kind === 'kyc'
              ? t(`dashboard.alerts.kyc.${alert.detail === 'rejected' ? 'rejected' : 'pending'}`)
              : t(`dashboard.alerts.${alert.kind}`, { count: alert.count, keys: alert.detail })}
          </Alert>
        ))}
      </Stack>
    </WidgetState>
  );
}
