import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';

interface Props {
  failedText: string;
  retryText: string;
  children: ReactNode;
}

/** A widget that throws while rendering shows its own error; the rest of the dashboard carries on. */
export class WidgetErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => this.setState({ failed: false })}>
            {this.props.retryText}
          </Button>
        }
      >
        {this.props.failedText}
      </Alert>
    );
  }
}
