import type { MetricsSnapshot } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/StatCard';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

const milliseconds = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} ms`);

export function PerformanceTab({ performance }: { performance: MetricsSnapshot['performance'] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const percent = (ratio: number) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(ratio);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        <StatCard label={t('operations.metrics.requestRate')} value={formatNumber(performance.requestsPerMinute, language)} />
        <StatCard label={t('operations.metrics.errorRate')} value={percent(performance.errorRate)} />
        <StatCard label="p50" value={milliseconds(performance.p50Ms)} />
        <StatCard label="p95" value={milliseconds(performance.p95Ms)} />
        <StatCard label="p99" value={milliseconds(performance.p99Ms)} />
      </Box>
      {performance.routes.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('operations.metrics.noRequests')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('operations.metrics.routesTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('operations.metrics.route')}</TableCell>
                <TableCell align="right">{t('operations.metrics.requestRate')}</TableCell>
                <TableCell align="right">{t('operations.metrics.total')}</TableCell>
                <TableCell align="right">{t('operations.metrics.errorRate')}</TableCell>
                <TableCell align="right">p50</TableCell>
                <TableCell align="right">p95</TableCell>
                <TableCell align="right">p99</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {performance.routes.map((route) => (
                <TableRow key={`${route.method} ${route.route}`}>
                  <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {route.method} {route.route}
                  </TableCell>
                  <TableCell align="right">{formatNumber(route.requestsPerMinute, language)}</TableCell>
                  <TableCell align="right">{formatNumber(route.total, language)}</TableCell>
                  <TableCell align="right">{percent(route.errorRate)}</TableCell>
                  <TableCell align="right">{milliseconds(route.p50Ms)}</TableCell>
                  <TableCell align="right">{milliseconds(route.p95Ms)}</TableCell>
                  <TableCell align="right">{milliseconds(route.p99Ms)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
