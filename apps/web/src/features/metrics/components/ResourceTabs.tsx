import type { MetricsSnapshot } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/StatCard';
import { formatBytes, formatDuration, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } } as const;

export function DatabaseTab({ database }: { database: MetricsSnapshot['database'] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <StatCard label={t('operations.metrics.databaseKind')} value={t(`operations.metrics.databaseKinds.${database.kind}`)} />
        <StatCard label={t('operations.metrics.databaseSize')} value={database.sizeBytes === null ? '—' : formatBytes(database.sizeBytes, language)} />
        <StatCard label={t('operations.metrics.connections')} value={database.pool ? database.pool.total : t('operations.metrics.embedded')} />
        <StatCard label={t('operations.metrics.waiting')} value={database.pool ? database.pool.waiting : '—'} />
      </Box>
      {database.pool && (
        <Typography variant="body2" color="text.secondary">
          {t('operations.metrics.poolDetail', { total: database.pool.total, idle: database.pool.idle, waiting: database.pool.waiting })}
        </Typography>
      )}
      <Typography variant="h6" component="h3">
        {t('operations.metrics.slowQueries')}
      </Typography>
      {database.slowQueries.length === 0 ? (
        <Typography color="text.secondary">
          {database.kind === 'pglite' ? t('operations.metrics.slowQueriesEmbedded') : t('operations.metrics.noSlowQueries')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('operations.metrics.slowQueries')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('operations.metrics.query')}</TableCell>
              <TableCell>{t('operations.metrics.state')}</TableCell>
              <TableCell align="right">{t('operations.metrics.duration')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {database.slowQueries.map((query, index) => (
              <TableRow key={index}>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>{query.query}</TableCell>
                <TableCell>{query.state}</TableCell>
                <TableCell align="right">{formatNumber(query.durationMs, language)} ms</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function NetworkTab({ network }: { network: MetricsSnapshot['network'] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Box sx={grid}>
      <StatCard label={t('operations.metrics.sockets')} value={network.connectedSockets} />
      <StatCard label={t('operations.metrics.connectedUsers')} value={network.connectedUsers} />
      <StatCard label={t('operations.metrics.bandwidthIn')} value={`${formatBytes(network.bytesInPerSecond, language)}/s`} />
      <StatCard label={t('operations.metrics.bandwidthOut')} value={`${formatBytes(network.bytesOutPerSecond, language)}/s`} />
      <StatCard label={t('operations.metrics.receivedTotal')} value={formatBytes(network.bytesIn, language)} />
      <StatCard label={t('operations.metrics.sentTotal')} value={formatBytes(network.bytesOut, language)} />
    </Box>
  );
}

function Gauge({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <Box>
      <Typography variant="body2">{label}</Typography>
      <LinearProgress variant="determinate" value={max > 0 ? Math.min(100, (value / max) * 100) : 0} aria-label={label} sx={{ height: 8, borderRadius: 1 }} />
    </Box>
  );
}

export function SystemTab({ system }: { system: MetricsSnapshot['system'] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const usedMemory = system.totalMemoryBytes - system.freeMemoryBytes;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <StatCard label={t('operations.metrics.cpu')} value={`${system.cpuPercent.toFixed(1)} %`} />
        <StatCard label={t('operations.metrics.eventLoopLag')} value={`${system.eventLoopLagMs.toFixed(2)} ms`} />
        <StatCard label={t('operations.metrics.rss')} value={formatBytes(system.rssBytes, language)} />
        <StatCard label={t('operations.metrics.uptime')} value={formatDuration(system.uptimeSeconds)} />
      </Box>
      <Gauge
        label={t('operations.metrics.heap', { used: formatBytes(system.heapUsedBytes, language), total: formatBytes(system.heapTotalBytes, language) })}
        value={system.heapUsedBytes}
        max={system.heapTotalBytes}
      />
      <Gauge
        label={t('operations.metrics.hostMemory', { used: formatBytes(usedMemory, language), total: formatBytes(system.totalMemoryBytes, language) })}
        value={usedMemory}
        max={system.totalMemoryBytes}
      />
      <Typography variant="body2" color="text.secondary">
        {t('operations.metrics.loadAverage', { load: system.loadAverage.map((load) => load.toFixed(2)).join(' · ') })}
      </Typography>
    </Box>
  );
}
