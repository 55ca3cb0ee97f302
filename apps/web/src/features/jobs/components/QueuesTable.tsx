import type { JobQueue } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';

const COUNTS = ['pending', 'running', 'retrying', 'completed', 'failed'] as const;

/** Every queue with its jobs per status and its Pause / Resume button. */
export function QueuesTable({ queues, busyQueue, onToggle }: { queues: JobQueue[]; busyQueue: string | null; onToggle: (queue: JobQueue) => void }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('operations.jobs.queuesTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('operations.jobs.columns.queue')}</TableCell>
            <TableCell>{t('operations.jobs.columns.state')}</TableCell>
            {COUNTS.map((status) => (
              <TableCell key={status} align="right">
                {t(`operations.jobs.status.${status}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t('operations.jobs.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queues.map((queue) => (
            <TableRow key={queue.name} data-queue={queue.name}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{queue.name}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={queue.paused ? 'warning' : 'success'}
                  variant="outlined"
                  label={queue.paused ? t('operations.jobs.paused') : t('operations.jobs.runningQueue')}
                />
              </TableCell>
              {COUNTS.map((status) => (
                <TableCell key={status} align="right">
                  {queue.counts[status]}
                </TableCell>
              ))}
              <TableCell align="right">
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busyQueue === queue.name}
                  aria-label={t(queue.paused ? 'operations.jobs.resumeQueue' : 'operations.jobs.pauseQueue', { queue: queue.name })}
                  onClick={() => onToggle(queue)}
                >
                  {queue.paused ? t('operations.jobs.resume') : t('operations.jobs.pause')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
