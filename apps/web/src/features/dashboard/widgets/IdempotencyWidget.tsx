import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useIdempotencyMetrics } from '../api/dashboard-widgets';
import { WidgetState } from '../components/WidgetState';

const FIGURES = ['total', 'completed', 'conflicts', 'failed', 'inFlight'] as const;

/** How the tenant's requests with an Idempotency-Key ended over the last 24 hours. */
export function IdempotencyWidget() {
  const { t } = useTranslation();
  const metrics = useIdempotencyMetrics();
  const language = currentLanguage();
  const data = metrics.data;
  return (
    <WidgetState
      loading={metrics.isPending}
      error={metrics.error}
      empty={data?.total === 0}
      emptyText={t('dashboard.idempotency.empty', { hours: data?.windowHours ?? 24 })}
    >
      {data && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 2, m: 0 }}>
          {FIGURES.map((figure) => (
            <Box key={figure}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`dashboard.idempotency.${figure}`)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {formatNumber(data[figure], language)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </WidgetState>
  );
}
