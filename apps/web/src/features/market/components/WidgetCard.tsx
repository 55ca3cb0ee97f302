import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface WidgetCardProps {
  id: string;
  title: string;
  action?: ReactNode;
  loading: boolean;
  failed: boolean;
  empty: boolean;
  children: ReactNode;
}

/** One market widget: its title, then the loading, load-failed or no-data state (docs/product.md §8), or its content. */
export function WidgetCard({ id, title, action, loading, failed, empty, children }: WidgetCardProps) {
  const { t } = useTranslation();
  const titleId = `market-${id}-title`;
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" data-testid={`market-widget-${id}`} sx={{ minWidth: 0 }}>
      <CardHeader title={title} action={action} slotProps={{ title: { id: titleId, component: 'h3', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {loading ? (
          <Box>
            <LinearProgress aria-label={t('common.loading')} />
            <Box aria-hidden>
              <Skeleton height={32} />
              <Skeleton variant="rectangular" height={160} />
            </Box>
          </Box>
        ) : failed ? (
          <Alert severity="error">{t('market.loadFailed')}</Alert>
        ) : empty ? (
          <Typography color="text.secondary">{t('market.noData')}</Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
