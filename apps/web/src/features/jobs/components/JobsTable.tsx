import type { Job, JobStatus } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { RowExpandCell } from '../../../components/RowExpandCell';

const STATUS_COLOR: Record<JobStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  pending: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
  retrying: 'warning',
};

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <Box>
      <Typography variant="subtitle2">{label}</Typography>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflow: 'auto', maxHeight: 240 }}>
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

/** Jobs with name, queue, status, progress, attempts, created and error; a row opens its data and result. */
export function JobsTable({
  jobs,
  busyJob,
  onRetry,
  onCancel,
}: {
  jobs: Job[];
  busyJob: string | null;
  onRetry: (job: Job) => void;
  onCancel: (job: Job) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('operations.jobs.jobsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{t('operations.jobs.columns.name')}</TableCell>
            <TableCell>{t('operations.jobs.columns.queue')}</TableCell>
            <TableCell>{t('operations.jobs.columns.status')}</TableCell>
            <TableCell>{t('operations.jobs.columns.progress')}</TableCell>
            <TableCell align="right">{t('operations.jobs.columns.attempts')}</TableCell>
            <TableCell>{t('operations.jobs.columns.created')}</TableCell>
            <TableCell>{t('operations.jobs.columns.error')}</TableCell>
            <TableCell align="right">{t('operations.jobs.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <Fragment key={job.id}>
              <TableRow hover data-job={job.id}>
                <RowExpandCell
                  expanded={open === job.id}
                  label={t('operations.jobs.details', { name: job.name })}
                  onToggle={() => setOpen(open === job.id ? null : job.id)}
                />
                <TableCell sx={{ fontFamily: 'monospace', maxWidth: 220, overflowWrap: 'anywhere' }}>{job.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{job.queue}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={STATUS_COLOR[job.status]} label={t(`operations.jobs.status.${job.status}`)} />
                </TableCell>
                <TableCell sx={{ minWidth: 100 }}>
                  <LinearProgress
                    variant="determinate"
                    value={job.progress}
                    aria-label={t('operations.jobs.progressOf', { name: job.name, progress: job.progress })}
                  />
                </TableCell>
                <TableCell align="right">
                  {job.attempts} / {job.maxAttempts}
                </TableCell>
                <TableCell>{formatDateTime(job.createdAt, language)}</TableCell>
                <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{job.errorMessage ?? '—'}</TableCell>
                <TableCell align="right">
                  {job.status === 'failed' && (
                    <Button size="small" disabled={busyJob === job.id} onClick={() => onRetry(job)}>
                      {t('operations.jobs.retry')}
                    </Button>
                  )}
                  {(job.status === 'pending' || job.status === 'retrying') && (
                    <Button size="small" color="error" disabled={busyJob === job.id} onClick={() => onCancel(job)}>
                      {t('operations.jobs.cancel')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={9} sx={{ py: 0, borderBottom: open === job.id ? undefined : 'none' }}>
                  <Collapse in={open === job.id} unmountOnExit>
                    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, py: 1 }}>
                      <Json label={t('operations.jobs.data')} value={job.data} />
                      <Json label={t('operations.jobs.result')} value={job.result} />
                    </Box>
                  </Collapse>
                </TableCell>
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
