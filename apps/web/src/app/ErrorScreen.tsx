import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorScreenProps } from './ErrorBoundary';

/** What ErrorBoundary shows in place of what crashed; its own chunk, loaded once the app has painted. */
export default function ErrorScreen({ level, error, errorId, componentStack, retryCount, onRetry }: ErrorScreenProps) {
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);
  return (
    <Box role="alert" sx={{ display: 'flex', justifyContent: 'center', p: 3, minHeight: level === 'critical' ? '100vh' : undefined, alignItems: 'center' }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, width: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <BugReportOutlined color="error" aria-hidden />
          <Typography variant="h5" component="h1">
            {level === 'critical' ? t('errorBoundary.criticalTitle') : t('errorBoundary.title')}
          </Typography>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('errorBoundary.message')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('errorBoundary.errorId', { id: errorId })}
        </Typography>
        {retryCount > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="retry-count">
            {t('errorBoundary.retryCount', { count: retryCount })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="contained" onClick={onRetry}>
            {t('errorBoundary.tryAgain')}
          </Button>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('errorBoundary.reload')}
          </Button>
          <Button onClick={() => setShowDetails((shown) => !shown)} aria-expanded={showDetails}>
            {showDetails ? t('errorBoundary.hideDetails') : t('errorBoundary.showDetails')}
          </Button>
        </Box>
        <Collapse in={showDetails}>
          <Alert severity="error" sx={{ mt: 2, '& pre': { whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12, m: 0 } }}>
            <Typography variant="subtitle2">
              {error.name}: {error.message}
            </Typography>
            <pre>{error.stack}</pre>
            {componentStack && <pre>{componentStack}</pre>}
          </Alert>
        </Collapse>
      </Paper>
    </Box>
  );
}
