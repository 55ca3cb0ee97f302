import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';

interface WidgetStateProps {
  loading: boolean;
  error: Error | null;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** One widget's own loading, failed and empty states (docs/product.md §8): a widget waits or fails alone. */
export function WidgetState({ loading, error, empty, emptyText, children }: WidgetStateProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Box>
        <LinearProgress aria-label={t('common.loading')} />
        <Box aria-hidden>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={32} />
          ))}
        </Box>
      </Box>
    );
  }
  if (error) return <Alert severity="error">{translateMessage(t, error.message)}</Alert>;
  if (empty) return <Typography color="text.secondary">{emptyText}</Typography>;
  return <>{children}</>;
}
