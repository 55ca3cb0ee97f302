import { SERVER_EVENTS, actsForWholeTenant, jobViewSchema, type Job, type JobQueue, type JobView } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../../components/AccessDenied';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { useRealtimeEvent, useRealtimeStatus, useRealtimeSubscription, type RealtimeEventMap } from '../../lib/realtime';
import { useCancelJob } from './api/cancel-job';
import { jobKeys, useJobs } from './api/jobs';
import { useQueues } from './api/queues';
import { useRetryJob } from './api/retry-job';
import { useSetQueuePaused } from './api/set-queue-paused';
import { JobsTable } from './components/JobsTable';
import { QueuesTable } from './components/QueuesTable';

const TABS = jobViewSchema.options;
const TAB_LABEL: Record<JobView, string> = {
  active: 'operations.jobs.tabs.active',
  history: 'operations.jobs.tabs.history',
  failed: 'operations.jobs.tabs.failed',
};
const EMPTY: Record<JobView, string> = {
  active: 'operations.jobs.emptyActive',
  history: 'operations.jobs.emptyHistory',
  failed: 'operations.jobs.emptyFailed',
};

function Queues() {
  const { t } = useTranslation();
  const queues = useQueues();
  const toggle = useSetQueuePaused();
  const [busy, setBusy] = useState<string | null>(null);
  const onToggle = (queue: JobQueue) => {
    setBusy(queue.name);
    toggle.mutate({ name: queue.name, paused: !queue.paused }, { onSettled: () => setBusy(null) });
  };
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {t('operations.jobs.queuesTitle')}
        </Typography>
        {toggle.isError && <Alert severity="error">{toggle.error.message}</Alert>}
        {queues.isPending ? (
          <Skeleton variant="rectangular" height={160} />
        ) : queues.isError ? (
          <Alert severity="error" action={<Button onClick={() => void queues.refetch()}>{t('operations.retry')}</Button>}>
            {t('operations.jobs.queuesFailed')}
          </Alert>
        ) : queues.data.length === 0 ? (
          <Typography color="text.secondary">{t('operations.jobs.noQueues')}</Typography>
        ) : (
          <QueuesTable queues={queues.data} busyQueue={busy} onToggle={onToggle} />
        )}
      </CardContent>
    </Card>
  );
}

function JobList({ view, queue }: { view: JobView; queue: string }) {
  const { t } = useTranslation();
  const jobs = useJobs(view, queue);
  const retry = useRetryJob();
  const cancel = useCancelJob();
  const [busy, setBusy] = useState<string | null>(null);
  const act = (mutation: typeof retry) => (job: Job) => {
    setBusy(job.id);
    mutation.mutate(job.id, { onSettled: () => setBusy(null) });
  };
  if (jobs.isPending) return <Skeleton variant="rectangular" height={240} />;
  if (jobs.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void jobs.refetch()}>{t('operations.retry')}</Button>}>
        {t('operations.jobs.loadFailed')}
      </Alert>
    );
  const failure = retry.error ?? cancel.error;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {jobs.isFetching && <LinearProgress aria-label={t('operations.loading')} />}
      {failure && <Alert severity="error">{failure.message}</Alert>}
      {jobs.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t(EMPTY[view])}
        </Typography>
      ) : (
        <JobsTable jobs={jobs.data} busyJob={busy} onRetry={act(retry)} onCancel={act(cancel)} />
      )}
    </Box>
  );
}

/** The queues and jobs follow system_stats_update (every few seconds) while the page is open. */
function useLiveJobs() {
  const queryClient = useQueryClient();
  useRealtimeSubscription('system_stats', undefined);
  const onStats = (stats: RealtimeEventMap['system_stats']) => {
    if (!stats.operations) return;
    queryClient.setQueryData(jobKeys.queues(), stats.operations.queues);
    void queryClient.invalidateQueries({ queryKey: jobKeys.lists() });
  };
  useRealtimeEvent(SERVER_EVENTS.systemStats, onStats);
  useRealtimeEvent(SERVER_EVENTS.systemStatsUpdate, onStats);
}

function JobsMonitor() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<JobView>('active');
  const [queue, setQueue] = useState('');
  const queues = useQueues();
  const live = useRealtimeStatus() === 'connected';
  useLiveJobs();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader
        title={t('pages.jobs')}
        subtitle={t('operations.jobs.subtitle')}
        actions={<Chip size="small" color={live ? 'success' : 'default'} label={live ? t('operations.live') : t('operations.offline')} />}
      />
      <Queues />
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <Tabs value={tab} onChange={(_event, value: JobView) => setTab(value)} aria-label={t('pages.jobs')}>
              {TABS.map((view) => (
                <Tab key={view} value={view} label={t(TAB_LABEL[view])} />
              ))}
            </Tabs>
            <TextField
              select
              size="small"
              sx={{ minWidth: 240 }}
              label={t('operations.jobs.queueFilter')}
              value={queue}
              onChange={(event) => setQueue(event.target.value)}
            >
              <MenuItem value="">{t('operations.jobs.allQueues')}</MenuItem>
              {(queues.data ?? []).map((entry) => (
                <MenuItem key={entry.name} value={entry.name}>
                  {entry.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <JobList view={tab} queue={queue} />
        </CardContent>
      </Card>
    </Box>
  );
}

/** docs/product.md §2 Jobs Monitor: the platform company's administrators only (the API refuses anyone else). */
export default function JobsPage() {
  const role = useAuthStore((state) => state.user?.role);
  const company = useAuthStore((state) => state.company);
  if (!role || !actsForWholeTenant(role) || company?.isPlatform !== true) return <AccessDenied />;
  return <JobsMonitor />;
}
