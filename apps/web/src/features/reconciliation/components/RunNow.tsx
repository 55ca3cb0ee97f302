import { SERVER_EVENTS, type ReconciliationRun } from '@carbonledger/contracts';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent } from '../../../lib/realtime';
import { reconciliationKeys } from '../api/discrepancies';
import { useRunReconciliation } from '../api/run-reconciliation';
import { reconciliationMessage } from '../reconciliation-messages';

const FINISHED = new Set(['completed', 'failed']);

/** 'Run now': enqueues a pass of the tenant and follows it live (reconciliation_progress) until it ends. */
export function RunNow({ lastRun }: { lastRun: ReconciliationRun | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start = useRunReconciliation();
  const [live, setLive] = useState<ReconciliationRun | null>(null);
  useRealtimeEvent(SERVER_EVENTS.reconciliationProgress, (run) => {
    setLive(run);
    if (FINISHED.has(run.phase)) void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
  });
  const run = live && (!lastRun || live.requestedAt >= lastRun.requestedAt) ? live : lastRun;
  const running = start.isPending || (run !== null && !FINISHED.has(run.phase));
  const percent = run && run.total > 0 ? Math.min(100, Math.round((run.checked * 100) / run.total)) : 0;

  return (
    <Box sx={{ minWidth: 260 }}>
      <Button
        variant="contained"
        startIcon={<PlayArrowOutlined />}
        disabled={running}
        onClick={() => start.mutate(undefined, { onSuccess: (queued) => setLive(queued) })}
      >
        {t('reconciliation.run.button')}
      </Button>
      {start.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {reconciliationMessage(t, start.error.message)}
        </Alert>
      )}
      {run && (
        <Box sx={{ mt: 1 }} role="status" aria-live="polite" data-testid="reconciliation-run">
          {running && (
            <LinearProgress variant={run.total > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-label={t('reconciliation.run.progressLabel')} />
          )}
          <Typography variant="caption" color={run.phase === 'failed' ? 'error' : 'text.secondary'}>
            {t(`reconciliation.run.phase.${run.phase}`)}
            {running && run.total > 0 ? ` · ${t('reconciliation.run.counts', { checked: run.checked, total: run.total })}` : ''}
            {run.phase === 'completed' ? ` · ${t('reconciliation.run.found', { opened: run.opened, seenAgain: run.seenAgain })}` : ''}
            {run.phase === 'failed' && run.error ? ` · ${run.error}` : ''}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
