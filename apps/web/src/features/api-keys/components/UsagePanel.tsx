import { USAGE_PERIODS, type ApiKey, type Language, type UsagePeriod } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/StatCard';
import { formatNumber } from '../../../lib/format';
import { apiKeyMessage } from '../api-key-messages';
import { useApiUsage } from '../api/api-usage';

/** Refreshed this often while the page is open: the API flushes its counts every few seconds. */
const USAGE_REFRESH_MS = 5000;

function pointLabel(iso: string, period: UsagePeriod, language: Language): string {
  const options: Intl.DateTimeFormatOptions =
    period === '1h' || period === '24h'
      ? { hour: '2-digit', minute: '2-digit' }
      : period === '7d'
        ? { weekday: 'short', hour: '2-digit' }
        : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(language, options).format(new Date(iso));
}

/** docs/product.md §2 Usage Analytics: requests, errors, latency percentiles and top endpoints of the company or one key, per §9 period. */
export function UsagePanel({
  keys,
  keyId,
  onKeyChange,
  period,
  onPeriodChange,
  language,
}: {
  keys: ApiKey[];
  keyId: string;
  onKeyChange: (keyId: string) => void;
  period: UsagePeriod;
  onPeriodChange: (period: UsagePeriod) => void;
  language: Language;
}) {
  const { t } = useTranslation();
  const usage = useApiUsage({ period, keyId: keyId || undefined }, USAGE_REFRESH_MS);
  const data = usage.data;
  const ms = (value: number | null | undefined) => (value === null || value === undefined ? '—' : t('apiKeys.usage.ms', { value }));

  return (
    <Card variant="outlined" component="section" aria-labelledby="api-usage-title">
      {usage.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
          <Typography id="api-usage-title" variant="h6" component="h2">
            {t('apiKeys.usage.title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              label={t('apiKeys.usage.key')}
              value={keyId}
              onChange={(event) => onKeyChange(event.target.value)}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('apiKeys.usage.allKeys')}</MenuItem>
              {keys.map((key) => (
                <MenuItem key={key.id} value={key.id}>
                  {key.name}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={period}
              onChange={(_, value: UsagePeriod | null) => value && onPeriodChange(value)}
              aria-label={t('apiKeys.usage.period')}
            >
              {USAGE_PERIODS.map((value) => (
                <ToggleButton key={value} value={value}>
                  {value}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
        </Stack>
        {usage.isError && (
          <Alert severity="error" action={<Button onClick={() => void usage.refetch()}>{t('apiKeys.retry')}</Button>}>
            {apiKeyMessage(t, usage.error.message)}
          </Alert>
        )}
        {usage.isPending && !usage.isError && <Typography color="text.secondary">{t('apiKeys.usage.loading')}</Typography>}
        {data && (
          <>
            <Grid container spacing={2} sx={{ mb: 2 }}>
              <Grid size={{ xs: 6, md: 2.4 }} data-testid="usage-requests">
                <StatCard label={t('apiKeys.usage.requests')} value={formatNumber(data.totals.requests, language)} />
              </Grid>
              <Grid size={{ xs: 6, md: 2.4 }} data-testid="usage-errors">
                <StatCard label={t('apiKeys.usage.errors')} value={formatNumber(data.totals.errors, language)} />
              </Grid>
              <Grid size={{ xs: 4, md: 2.4 }}>
                <StatCard label="p50" value={ms(data.totals.p50Ms)} />
              </Grid>
              <Grid size={{ xs: 4, md: 2.4 }}>
                <StatCard label="p95" value={ms(data.totals.p95Ms)} />
              </Grid>
              <Grid size={{ xs: 4, md: 2.4 }}>
                <StatCard label="p99" value={ms(data.totals.p99Ms)} />
              </Grid>
            </Grid>
            {data.totals.requests === 0 ? (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {t('apiKeys.usage.empty')}
              </Typography>
            ) : (
              <Box role="img" aria-label={t('apiKeys.usage.chartLabel', { requests: data.totals.requests, errors: data.totals.errors })}>
                <BarChart
                  height={260}
                  xAxis={[{ scaleType: 'band', data: data.series.map((point) => pointLabel(point.at, period, language)) }]}
                  series={[
                    { data: data.series.map((point) => point.requests), label: t('apiKeys.usage.requests') },
                    { data: data.series.map((point) => point.errors), label: t('apiKeys.usage.errors') },
                  ]}
                />
              </Box>
            )}
            {data.topEndpoints.length > 0 && (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                  {t('apiKeys.usage.topEndpoints')}
                </Typography>
                <Table size="small" aria-label={t('apiKeys.usage.topEndpoints')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('apiKeys.usage.endpoint')}</TableCell>
                      <TableCell align="right">{t('apiKeys.usage.requests')}</TableCell>
                      <TableCell align="right">{t('apiKeys.usage.errors')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.topEndpoints.map((endpoint) => (
                      <TableRow key={`${endpoint.method} ${endpoint.route}`}>
                        <TableCell sx={{ fontFamily: 'monospace' }}>
                          {endpoint.method} {endpoint.route}
                        </TableCell>
                        <TableCell align="right">{formatNumber(endpoint.requests, language)}</TableCell>
                        <TableCell align="right">{formatNumber(endpoint.errors, language)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
