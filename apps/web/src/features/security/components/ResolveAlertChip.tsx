import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useResolveSecurityAlert } from '../api/resolve-alert';

/** The Resolve chip of an unresolved alert, in the bell and in the Security Center alike. */
export function ResolveAlertChip({ alertId }: { alertId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const resolve = useResolveSecurityAlert();
  return (
    <Chip
      label={t('securityBell.resolve')}
      size="small"
      color="primary"
      variant="outlined"
      disabled={resolve.isPending}
      onClick={() =>
        resolve.mutate(alertId, {
          onSuccess: () => enqueueSnackbar(t('securityBell.resolved'), { variant: 'success' }),
          onError: (error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' }),
        })
      }
    />
  );
}
