import { SERVER_EVENTS, type FinancialMismatch } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { formatDateTime, formatMoney } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useFallbackInterval, useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { financialReconciliationKeys, useFinancialReconciliation } from './api/financial-reconciliation';
import { ResolveMismatchDialog } from './components/ResolveMismatchDialog';

/**
 * docs/product.md §2 /financial/reconciliation: invoices against payments against billable
 * operations. Totals per currency (never added across currencies), how many completed
 * operations a live invoice bills, and the mismatches, each resolvable with a note. Live on invoice_update.
 */
export default function FinancialReconciliationPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const [includeResolved, setIncludeResolved] = useState(false);
  const [resolving, setResolving] = useState<FinancialMismatch | null>(null);
  useRealtimeInvalidate([SERVER_EVENTS.invoiceUpdate], financialReconciliationKeys.all);
  const report = useFinancialReconciliation(includeResolved, useFallbackInterval(60_000, 15_000));
  const money = (amount: string | null, currency: string | null) => (amount === null ? '—' : currency ? formatMoney(amount, currency, language) : amount);
  const data = report.data;
  const joined = (pick: (entry: NonNullable<typeof data>['currencies'][number]) => string) =>
    data ? data.currencies.map((entry) => formatMoney(pick(entry), entry.currency, language)).join(' · ') || formatMoney('0', 'USD', language) : undefined;

  return (
    <Box>
      <PageHeader title={name} subtitle={t('financialReconciliation.subtitle')} />
      {report.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void report.refetch()}>{t('financialReconciliation.retry')}</Button>}>
          {t('financialReconciliation.loadFailed')}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mb: 3 }} component="section" aria-label={t('financialReconciliation.summary')}>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label={t('financialReconciliation.invoiced')} value={joined((entry) => entry.invoiced)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label={t('financialReconciliation.paid')} value={joined((entry) => entry.paid)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label={t('financialReconciliation.outstanding')} value={joined((entry) => entry.outstanding)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard
            label={t('financialReconciliation.billed')}
            value={data ? t('financialReconciliation.billedOf', { billed: data.billedOperations, billable: data.billableOperations }) : undefined}
          />
        </Grid>
      </Grid>
      <FormControlLabel
        control={<Switch checked={includeResolved} onChange={(event) => setIncludeResolved(event.target.checked)} />}
        label={t('financialReconciliation.showResolved')}
        sx={{ mb: 1 }}
      />
      <Card variant="outlined">
        {report.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {report.isPending && !report.isError && <Typography sx={{ p: 3 }}>{t('financialReconciliation.loading')}</Typography>}
        {data?.mismatches.length === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {t('financialReconciliation.empty')}
          </Typography>
        )}
        {data && data.mismatches.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label={t('financialReconciliation.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('financialReconciliation.columns.kind')}</TableCell>
                  <TableCell>{t('financialReconciliation.columns.company')}</TableCell>
                  <TableCell>{t('financialReconciliation.columns.details')}</TableCell>
                  <TableCell align="right">{t('financialReconciliation.columns.expected')}</TableCell>
                  <TableCell align="right">{t('financialReconciliation.columns.actual')}</TableCell>
                  <TableCell>{t('financialReconciliation.columns.when')}</TableCell>
                  <TableCell>{t('financialReconciliation.columns.resolution')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.mismatches.map((mismatch) => (
                  <TableRow key={`${mismatch.kind}:${mismatch.subjectId}`}>
                    <TableCell>
                      <Chip size="small" label={t(`financialReconciliation.kinds.${mismatch.kind}`)} />
                    </TableCell>
                    <TableCell>{mismatch.companyName}</TableCell>
                    <TableCell>{mismatch.description}</TableCell>
                    <TableCell align="right">{money(mismatch.expected, mismatch.currency)}</TableCell>
                    <TableCell align="right">{money(mismatch.actual, mismatch.currency)}</TableCell>
                    <TableCell>{formatDateTime(mismatch.occurredAt, language)}</TableCell>
                    <TableCell>
                      {mismatch.resolution ? (
                        <Typography variant="body2">
                          {t('financialReconciliation.resolvedBy', { name: mismatch.resolution.resolvedBy ?? '—', note: mismatch.resolution.note })}
                        </Typography>
                      ) : (
                        <Button size="small" variant="outlined" onClick={() => setResolving(mismatch)}>
                          {t('financialReconciliation.resolve.action')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <ResolveMismatchDialog
        mismatch={resolving}
        onClose={() => setResolving(null)}
        onResolved={() => {
          enqueueSnackbar(t('financialReconciliation.resolved'), { variant: 'success' });
          setResolving(null);
        }}
      />
    </Box>
  );
}
