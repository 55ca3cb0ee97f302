import type { MintingJob } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { JobProgress, JobStatusChip } from './JobProgress';

interface MintingJobsTableProps {
  jobs: readonly MintingJob[] | undefined;
  failed: boolean;
  /** The socket failed and is being reopened: progress comes from polling meanwhile. */
  reconnecting: boolean;
}

/** docs/product.md §3 Minting job: id, VCU count, total amount, status, progress, created. */
export function MintingJobsTable({ jobs, failed, reconnecting }: MintingJobsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      {reconnecting && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('batchMinting.jobs.offline')}
        </Typography>
      )}
      {failed && <Alert severity="error">{t('batchMinting.jobs.loadFailed')}</Alert>}
      {!jobs && !failed && <LinearProgress aria-label={t('common.loading')} />}
      {jobs && jobs.length === 0 && <Typography color="text.secondary">{t('batchMinting.jobs.empty')}</Typography>}
      {jobs && jobs.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('batchMinting.jobs.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('batchMinting.jobs.id')}</TableCell>
                <TableCell align="right">{t('batchMinting.jobs.vcuCount')}</TableCell>
                <TableCell align="right">{t('batchMinting.jobs.totalAmount')}</TableCell>
                <TableCell>{t('batchMinting.jobs.status')}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{t('batchMinting.jobs.progress')}</TableCell>
                <TableCell>{t('batchMinting.jobs.created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {jobs.map((job) => (
                <TableRow key={job.id} data-testid={`job-row-${job.id}`}>
                  <TableCell sx={{ fontFamily: 'monospace' }} title={job.id}>
                    {job.id.slice(0, 8)}
                  </TableCell>
                  <TableCell align="right">{formatNumber(job.vcuCount, language)}</TableCell>
                  <TableCell align="right">{formatNumber(BigInt(job.totalAmount), language)}</TableCell>
                  <TableCell>
                    <JobStatusChip status={job.status} />
                  </TableCell>
                  <TableCell>
                    <JobProgress job={job} />
                  </TableCell>
                  <TableCell>{formatDateTime(job.createdAt, language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
