import { retirementTexts, signingTexts, type Retirement } from '@carbonledger/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RetirementFailedError, type FlowState } from '../retirement-flow';
import { retirementFailureText, translateRetirementMessage } from '../retirement-messages';

const DONE_TEXT: Partial<Record<Retirement['status'], string>> = {
  awaiting_approval: retirementTexts.awaitingApproval,
  completed: retirementTexts.retired,
  scheduled: retirementTexts.scheduled,
  processing: retirementTexts.processing,
};

/** Where a finished retirement can be seen: its certificate and its transaction in the explorer. */
export function RetirementLinks({ retirement }: { retirement: Retirement }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 2, flexWrap: 'wrap' }}>
      {retirement.certificateId && (
        <Link component={RouterLink} to={`/certificates?id=${encodeURIComponent(retirement.certificateId)}`}>
          {t('retirements.outcome.viewCertificate', { number: retirement.certificateNumber ?? '' })}
        </Link>
      )}
      {retirement.explorerUrl && (
        <Link href={retirement.explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('retirements.outcome.viewInExplorer')} <OpenInNew sx={{ fontSize: 14, verticalAlign: 'middle' }} />
        </Link>
      )}
    </Box>
  );
}

function failureMessage(t: ReturnType<typeof useTranslation>['t'], state: Extract<FlowState, { phase: 'failed' }>): string {
  if (state.error instanceof RetirementFailedError)
    return `${translateRetirementMessage(t, retirementTexts.failed)} ${state.error.retirement.error ?? ''}`.trim();
  if (state.step === 'signing') return translateRetirementMessage(t, signingTexts.signFailed);
  if (state.step === 'submitting') return retirementFailureText(t, state.error, signingTexts.submitFailed);
  return retirementFailureText(t, state.error, retirementTexts.failed);
}

/** The end of a form submission: success with the certificate and explorer links, or the failure with a retry. */
export function RetirementOutcome({ state, onRetry, onDismiss }: { state: FlowState; onRetry: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  if (state.phase === 'running') {
    return (
      <Alert severity="info" sx={{ mb: 3 }} data-testid="retirement-progress">
        {t(`retirements.outcome.step.${state.step}`)}
      </Alert>
    );
  }
  if (state.phase === 'done') {
    const text = DONE_TEXT[state.retirement.status];
    return (
      <Alert severity="success" sx={{ mb: 3 }} onClose={onDismiss} data-testid="retirement-success">
        <AlertTitle>
          {state.retirement.status === 'completed'
            ? translateRetirementMessage(t, retirementTexts.completedTitle)
            : t(`retirements.status.${state.retirement.status}`)}
        </AlertTitle>
        {text ? translateRetirementMessage(t, text) : null} <RetirementLinks retirement={state.retirement} />
      </Alert>
    );
  }
  if (state.phase === 'failed') {
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ mb: 3 }}
        data-testid="retirement-failure"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retirements.outcome.retry')}
          </Button>
        }
      >
        <AlertTitle>{translateRetirementMessage(t, retirementTexts.failedTitle)}</AlertTitle>
        {failureMessage(t, state)}
      </Alert>
    );
  }
  return null;
}
