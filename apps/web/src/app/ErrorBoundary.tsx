import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { isIgnoredError, reportFrontendError } from '../features/errors/api/report-error';
import { lazyPage } from '../lib/lazy-page';

export type ErrorLevel = 'page' | 'critical';

export interface ErrorScreenProps {
  level: ErrorLevel;
  error: Error;
  errorId: string;
  componentStack: string | null;
  retryCount: number;
  onRetry: () => void;
}

/**
 * The error screen (MUI's Collapse and transitions with it) is not part of what /login loads
 * (bench/web-bundle.bench.ts): it is fetched once the app has painted, so that it is at hand,
 * offline too, by the time something crashes.
 */
const loadErrorScreen = () => import('./ErrorScreen');
const ErrorScreen = lazyPage<ErrorScreenProps>(loadErrorScreen);

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

  override componentDidMount() {
    setTimeout(() => void loadErrorScreen().catch(() => undefined), 0);
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    if (isIgnoredError(error)) return;
    void reportFrontendError(
      {
        name: error.name.slice(0, 200),
        message: error.message.slice(0, 4000),
        stack: error.stack?.slice(0, 20_000),
        componentStack: info.componentStack?.slice(0, 20_000),
        context: { errorId: this.state.errorId, level: this.props.level, url: window.location.href, retryCount: this.state.retryCount },
      },
      error,
    );
  }

  private retry = () => this.setState((state) => ({ error: null, errorId: null, componentStack: null, retryCount: state.retryCount + 1 }));

  override render() {
    const { error, errorId, componentStack, retryCount } = this.state;
    if (!error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ErrorScreen
          level={this.props.level}
          error={error}
          errorId={errorId ?? ''}
          componentStack={componentStack}
          retryCount={retryCount}
          onRetry={this.retry}
        />
      </Suspense>
    );
  }
}
