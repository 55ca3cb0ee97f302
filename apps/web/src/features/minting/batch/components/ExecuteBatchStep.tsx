import type { CompanyWallet, MintingJob } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { formatNumber } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { translateMessage } from '../../../../lib/messages';
import type { BatchSummary } from '../batch-selection';
import { JobProgress, JobStatusChip } from './JobProgress';
import { walletLabel } from './ReviewBatchStep';

interface ExecuteBatchStepProps {
  summary: BatchSummary;
  wallet: CompanyWallet | undefined;
  executing: boolean;
  error: unknown;
  /** The job the batch started, as the jobs table currently knows it (live). */
  job: MintingJob | null;
  onExecute: () => void;
  onBack: () => void;
  onNewBatch: () => void;
}

/** Step 3: start the batch (202, runs as a background job) and follow its progress. */
export function ExecuteBatchStep({ summary, wallet, executing, error, job, onExecute, onBack, onNewBatch }: ExecuteBatchStepProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (job) {
    return (
      <Box>
        <Alert severity={job.status === 'failed' ? 'error' : job.status === 'completed' ? 'success' : 'info'} sx={{ mb: 2 }}>
          {job.status === 'completed'
            ? t('batchMinting.execute.completed', { total: formatNumber(BigInt(job.mintedAmount), language) })
            : job.status === 'failed'
              ? (job.error ?? t('batchMinting.execute.failed'))
              : t('batchMinting.execute.started')}
        </Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }} data-testid="batch-job">
          <JobStatusChip status={job.status} />
          <Box sx={{ flexGrow: 1 }}>
            <JobProgress job={job} />
          </Box>
        </Box>
        <Button onClick={onNewBatch}>{t('batchMinting.execute.newBatch')}</Button>
      </Box>
    );
  }
  const message = error instanceof Error ? translateMessage(t, error.message) : null;
  const staleIds = error instanceof ApiError ? error.fields?.vcuBlockIds : undefined;
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        {t('batchMinting.execute.confirm', { count: summary.count, total: formatNumber(summary.total, language), wallet: wallet ? walletLabel(wallet) : '' })}
      </Typography>
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
          {staleIds && ` ${t('batchMinting.execute.staleHint')}`}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button onClick={onBack} disabled={executing}>
          {t('batchMinting.back')}
        </Button>
        <Button variant="contained" onClick={onExecute} disabled={executing || !wallet}>
          {executing ? t('batchMinting.execute.executing') : t('batchMinting.execute.action')}
        </Button>
      </Box>
    </Box>
  );
}
