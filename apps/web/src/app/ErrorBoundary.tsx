import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isIgnoredError, reportFrontendError } from '../features/errors/api/report-error';

export type ErrorLevel = 'page' | 'critical';

interface Props {
  level: ErrorLevel;
  /** A change (e.g. the path) clears the error: the user moved on. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  errorId: string | null;
  componentStack: string | null;
  retryCount: number;
  resetKey?: string;
}

function newErrorId(): string {
  const random = crypto.getRandomValues(new Uint8Array(4));
  return `ERR-${Date.now().toString(36).toUpperCase()}-${Array.from(random, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, errorId: null, componentStack: null, retryCount: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, errorId: newErrorId() };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, error: null, errorId: null, componentStack: null, retryCount: 0 };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    if (isIgnoredError(error)) return;
    void reportFrontendError({
      name: error.name.slice(0, 200),
      message: error.message.slice(0, 4000),
      stack: error.stack?.slice(0, 20_000),
      componentStack: info.componentStack?.slice(0, 20_000),
      context: { errorId: this.state.errorId, level: this.props.level, url: window.location.href, retryCount: this.state.retryCount },
    });
  }

  private retry = () => this.setState((state) => ({ error: null, errorId: null, componentStack: null, retryCount: state.retryCount + 1 }));

  override render() {
    const { error, errorId, componentStack, retryCount } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorScreen
        level={this.props.level}
        error={error}
        errorId={errorId ?? ''}
        componentStack={componentStack}
        retryCount={retryCount}
        onRetry={this.retry}
      />
    );
  }
}

interface ErrorScreenProps {
  level: ErrorLevel;
  error: Error;
  errorId: string;
  componentStack: string | null;
  retryCount: number;
  onRetry: () => void;
}

function ErrorScreen({ level, error, errorId, componentStack, retryCount, onRetry }: ErrorScreenProps) {
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
