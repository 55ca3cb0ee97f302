import { SERVER_EVENTS, actsForWholeTenant, cacheKeysQuery as cacheKeysQuerySchema, type CacheStats } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../../components/AccessDenied';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { useAuthStore } from '../../lib/auth-store';
import { formatBytes } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useRealtimeEvent, useRealtimeSubscription } from '../../lib/realtime';
import { useCacheKeys } from './api/cache-keys';
import { cacheKeys, useCacheStats } from './api/cache-stats';
import { useDeleteCacheKey } from './api/delete-cache-key';
import { useDeleteCachePattern } from './api/delete-cache-pattern';
import { CacheKeysTable } from './components/CacheKeysTable';

const TABS = ['keys', 'patterns', 'memory', 'configuration'] as const;
type TabName = (typeof TABS)[number];

type Deletion = { kind: 'key' | 'pattern'; target: string };

const percent = (ratio: number | null, language: string) =>
  ratio === null ? '—' : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);

function KeysTab({ onDelete }: { onDelete: (deletion: Deletion) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('*');
  const [pattern, setPattern] = useState('*');
  const keys = useCacheKeys(pattern);
  const valid = cacheKeysQuerySchema.shape.pattern.safeParse(draft).success;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        component="form"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) setPattern(draft);
        }}
      >
        <TextField
          size="small"
          label={t('operations.cache.pattern')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={!valid}
          helperText={valid ? t('operations.cache.patternHelp') : t('operations.cache.patternInvalid')}
        />
        <Button type="submit" variant="outlined" disabled={!valid}>
          {t('operations.cache.filter')}
        </Button>
        <Button color="error" disabled={!valid} onClick={() => onDelete({ kind: 'pattern', target: draft })}>
          {t('operations.cache.deleteMatching')}
        </Button>
      </Box>
      {keys.isPending ? (
        <Skeleton variant="rectangular" height={200} />
      ) : keys.isError ? (
        <Alert severity="error" action={<Button onClick={() => void keys.refetch()}>{t('operations.retry')}</Button>}>
          {t('operations.cache.loadFailed')}
        </Alert>
      ) : keys.data.keys.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('operations.cache.noKeys')}
        </Typography>
      ) : (
        <>
          {keys.data.truncated && <Alert severity="info">{t('operations.cache.truncated')}</Alert>}
          <CacheKeysTable keys={keys.data.keys} onDelete={(key) => onDelete({ kind: 'key', target: key })} />
        </>
      )}
    </Box>
  );
}

function PatternsTab({ stats, onDelete }: { stats: CacheStats; onDelete: (deletion: Deletion) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (stats.patterns.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('operations.cache.noKeys')}
      </Typography>
    );
  return (
    <Table size="small" aria-label={t('operations.cache.tabs.patterns')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('operations.cache.columns.pattern')}</TableCell>
          <TableCell align="right">{t('operations.cache.columns.keys')}</TableCell>
          <TableCell align="right">{t('operations.cache.columns.memory')}</TableCell>
          <TableCell align="right">{t('operations.cache.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {stats.patterns.map((pattern) => (
          <TableRow key={pattern.pattern}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{pattern.pattern}</TableCell>
            <TableCell align="right">{pattern.keys}</TableCell>
            <TableCell align="right">{formatBytes(pattern.memoryBytes, language)}</TableCell>
            <TableCell align="right">
              <Button size="small" color="error" onClick={() => onDelete({ kind: 'pattern', target: pattern.pattern })}>
                {t('operations.cache.deletePattern')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function MemoryTab({ stats }: { stats: CacheStats }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const used = stats.maxMemoryBytes > 0 ? Math.min(100, (stats.memoryBytes / stats.maxMemoryBytes) * 100) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="body2">
          {stats.maxMemoryBytes > 0
            ? t('operations.cache.memoryOf', { used: formatBytes(stats.memoryBytes, language), max: formatBytes(stats.maxMemoryBytes, language) })
            : t('operations.cache.memoryNoLimit', { used: formatBytes(stats.memoryBytes, language) })}
        </Typography>
        {used !== null && (
          <LinearProgress variant="determinate" value={used} aria-label={t('operations.cache.memoryUsed')} sx={{ height: 8, borderRadius: 1 }} />
        )}
      </Box>
      {stats.patterns.map((pattern) => (
        <Box key={pattern.pattern}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {pattern.pattern} · {formatBytes(pattern.memoryBytes, language)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={stats.memoryBytes > 0 ? (pattern.memoryBytes / stats.memoryBytes) * 100 : 0}
            aria-label={t('operations.cache.shareOf', { pattern: pattern.pattern })}
          />
        </Box>
      ))}
    </Box>
  );
}

function ConfigurationTab({ stats }: { stats: CacheStats }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rows: [string, string][] = [
    [t('operations.cache.backend'), t(`operations.cache.backends.${stats.backend}`)],
    [t('operations.cache.defaultTtl'), t('operations.cache.seconds', { count: stats.defaultTtlSeconds })],
    [t('operations.cache.maxMemory'), stats.maxMemoryBytes > 0 ? formatBytes(stats.maxMemoryBytes, language) : t('operations.cache.noLimit')],
    [t('operations.cache.hits'), String(stats.hits)],
    [t('operations.cache.misses'), String(stats.misses)],
  ];
  return (
    <Table size="small" aria-label={t('operations.cache.tabs.configuration')}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function CacheDashboard() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabName>('keys');
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const stats = useCacheStats();
  const deleteKey = useDeleteCacheKey();
  const deletePattern = useDeleteCachePattern();
  // The cache has no events of its own: the system_stats tick refreshes what is on screen.
  useRealtimeSubscription('system_stats', undefined);
  useRealtimeEvent(SERVER_EVENTS.systemStatsUpdate, () => void queryClient.invalidateQueries({ queryKey: cacheKeys.all }));

  // One object per deletion: the dialog tells a new confirmation from the one it shows by identity.
  const confirmation = useMemo<Confirmation | null>(
    () =>
      deletion && {
        title: deletion.kind === 'key' ? t('operations.cache.deleteKeyTitle') : t('operations.cache.deletePatternTitle'),
        consequence: t(deletion.kind === 'key' ? 'operations.cache.deleteKeyConsequence' : 'operations.cache.deletePatternConsequence', {
          target: deletion.target,
        }),
        confirmLabel: t('operations.cache.delete'),
      },
    [deletion, t],
  );
  const confirm = () => {
    if (!deletion) return;
    const done = { onSettled: () => setDeletion(null) };
    if (deletion.kind === 'key') deleteKey.mutate(deletion.target, done);
    else deletePattern.mutate(deletion.target, done);
  };
  const failure = deleteKey.error ?? deletePattern.error;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader title={t('pages.cache')} subtitle={t('operations.cache.subtitle')} />
      {stats.isError ? (
        <Alert severity="error" action={<Button onClick={() => void stats.refetch()}>{t('operations.retry')}</Button>}>
          {t('operations.cache.loadFailed')}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          <StatCard label={t('operations.cache.keys')} value={stats.data?.keys} />
          <StatCard label={t('operations.cache.memory')} value={stats.data && formatBytes(stats.data.memoryBytes, language)} />
          <StatCard label={t('operations.cache.hitRatio')} value={stats.data && percent(stats.data.hitRatio, language)} />
          <StatCard label={t('operations.cache.backend')} value={stats.data && t(`operations.cache.backends.${stats.data.backend}`)} />
        </Box>
      )}
      {failure && <Alert severity="error">{failure.message}</Alert>}
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} aria-label={t('pages.cache')} variant="scrollable">
            {TABS.map((name) => (
              <Tab key={name} value={name} label={t(`operations.cache.tabs.${name}`)} />
            ))}
          </Tabs>
          {tab === 'keys' ? (
            <KeysTab onDelete={setDeletion} />
          ) : stats.isPending ? (
            <Skeleton variant="rectangular" height={200} />
          ) : stats.isError ? null : tab === 'patterns' ? (
            <PatternsTab stats={stats.data} onDelete={setDeletion} />
          ) : tab === 'memory' ? (
            <MemoryTab stats={stats.data} />
          ) : (
            <ConfigurationTab stats={stats.data} />
          )}
        </CardContent>
      </Card>
      <ConfirmDialog confirmation={confirmation} busy={deleteKey.isPending || deletePattern.isPending} onCancel={() => setDeletion(null)} onConfirm={confirm} />
    </Box>
  );
}

/** docs/product.md §2 Cache Dashboard: the platform company's administrators only (the API refuses anyone else). */
export default function CachePage() {
  const role = useAuthStore((state) => state.user?.role);
  const company = useAuthStore((state) => state.company);
  if (!role || !actsForWholeTenant(role) || company?.isPlatform !== true) return <AccessDenied />;
  return <CacheDashboard />;
}
