import {
  DISCREPANCY_SEVERITIES,
  DISCREPANCY_TYPES,
  SERVER_EVENTS,
  type Discrepancy,
  type DiscrepancySeverity,
  type DiscrepancyType,
  type ResolveDiscrepancyResult,
} from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { currentLanguage } from '../../lib/i18n';
import { useFallbackInterval, useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { reconciliationKeys, useDiscrepancies } from './api/discrepancies';
import { useReconciliationSummary } from './api/summary';
import { DiscrepancyTable } from './components/DiscrepancyTable';
import { ResolveDialog } from './components/ResolveDialog';
import { RunNow } from './components/RunNow';
import { SummaryTable } from './components/SummaryTable';
import { reconciliationMessage } from './reconciliation-messages';

const OUTCOME_VARIANT = { resolved: 'success', still_open: 'warning', awaiting_approval: 'info' } as const;

/**
 * docs/product.md §2 Reconciliation Dashboard: the per-project summary (ledger, chain, delta,
 * registry), 'run now' with its live progress, and the exception queue of discrepancies with
 * their assignee, status and age, resolved with a reason (docs/reconciliation.md).
 */
export default function ReconciliationPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const [status, setStatus] = useState<'open' | 'resolved' | 'all'>('open');
  const [type, setType] = useState<DiscrepancyType | ''>('');
  const [severity, setSeverity] = useState<DiscrepancySeverity | ''>('');
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [resolving, setResolving] = useState<Discrepancy | null>(null);
  useRealtimeInvalidate([SERVER_EVENTS.reconciliationUpdate, SERVER_EVENTS.approvalUpdate], reconciliationKeys.all);
  const interval = useFallbackInterval(30_000, 10_000);
  const summary = useReconciliationSummary(interval);
  const queue = useDiscrepancies(
    {
      status,
      type: type || undefined,
      severity: severity || undefined,
      search: search.trim() || undefined,
      assignedToMe: mine ? 'true' : undefined,
      page: page + 1,
      pageSize,
    },
    interval,
  );
  const filtered = type !== '' || severity !== '' || search.trim() !== '' || mine || status !== 'open';
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  const closed = (result?: ResolveDiscrepancyResult) => {
    setResolving(null);
    if (result) enqueueSnackbar(t(`reconciliation.outcomes.${result.outcome}`), { variant: OUTCOME_VARIANT[result.outcome] });
  };

  return (
    <Box>
      <PageHeader title={name} subtitle={t('reconciliation.subtitle')} actions={<RunNow lastRun={summary.data?.lastRun ?? null} />} />

      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardHeader title={t('reconciliation.summary.title')} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
        {summary.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {summary.isError && (
          <Alert severity="error" action={<Button onClick={() => void summary.refetch()}>{t('reconciliation.retry')}</Button>}>
            {reconciliationMessage(t, summary.error.message)}
          </Alert>
        )}
        {summary.isPending && !summary.isError && <Typography sx={{ p: 3 }}>{t('reconciliation.loading')}</Typography>}
        {summary.data?.projects.length === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {t('reconciliation.summary.empty')}
          </Typography>
        )}
        {summary.data && summary.data.projects.length > 0 && <SummaryTable rows={summary.data.projects} language={language} />}
      </Card>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('reconciliation.filters.status')}
          value={status}
          onChange={(event) => filter(setStatus)(event.target.value as typeof status)}
          sx={{ minWidth: 160 }}
        >
          {(['open', 'resolved', 'all'] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {t(`reconciliation.filters.statuses.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('reconciliation.filters.type')}
          value={type}
          onChange={(event) => filter(setType)(event.target.value as DiscrepancyType | '')}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {DISCREPANCY_TYPES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`reconciliation.types.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('reconciliation.filters.severity')}
          value={severity}
          onChange={(event) => filter(setSeverity)(event.target.value as DiscrepancySeverity | '')}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {DISCREPANCY_SEVERITIES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`reconciliation.severities.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('reconciliation.filters.search')}
          value={search}
          onChange={(event) => filter(setSearch)(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <FormControlLabel
          control={<Checkbox checked={mine} onChange={(event) => filter(setMine)(event.target.checked)} />}
          label={t('reconciliation.filters.mine')}
        />
      </Box>

      <Card variant="outlined">
        {queue.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {queue.isError && (
          <Alert severity="error" action={<Button onClick={() => void queue.refetch()}>{t('reconciliation.retry')}</Button>}>
            {reconciliationMessage(t, queue.error.message)}
          </Alert>
        )}
        {queue.isPending && !queue.isError && <Typography sx={{ p: 3 }}>{t('reconciliation.loading')}</Typography>}
        {queue.data?.total === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {filtered ? t('reconciliation.noMatch') : t('reconciliation.empty')}
          </Typography>
        )}
        {queue.data && queue.data.total > 0 && (
          <>
            <DiscrepancyTable list={queue.data} language={language} onResolve={setResolving} />
            <ListPagination total={queue.data.total} page={page} pageSize={pageSize} onPageChange={setPage} onPageSizeChange={setPageSize} />
          </>
        )}
      </Card>
      {resolving && <ResolveDialog discrepancy={resolving} onClose={closed} />}
    </Box>
  );
}
