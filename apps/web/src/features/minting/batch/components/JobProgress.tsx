import type { MintingJob } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS = { pending: 'default', running: 'info', retrying: 'warning', completed: 'success', failed: 'error' } as const;

export function JobStatusChip({ status }: { status: MintingJob['status'] }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLORS[status]} label={t(`batchMinting.jobStatus.${status}`)} />;
}

/** Progress 0–100 % as a bar with its number, named for screen readers. */
export function JobProgress({ job }: { job: MintingJob }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 160 }}>
      <LinearProgress
        variant="determinate"
        value={job.progress}
        color={job.status === 'failed' ? 'error' : job.status === 'completed' ? 'success' : 'primary'}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        aria-label={t('batchMinting.jobs.progressLabel', { id: job.id.slice(0, 8) })}
      />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }} data-testid={`job-progress-${job.id}`}>
        {job.progress}%
      </Typography>
    </Box>
  );
}
