import { SERVER_EVENTS, type RegistryConnection, type RegistrySyncRun } from '@carbonledger/contracts';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useRealtimeEvent } from '../../../lib/realtime';
import { registryKeys } from '../api/registry-overview';
import { useStartRegistrySync } from '../api/start-registry-sync';
import { registryMessage } from '../registry-messages';

const STATUS_COLOR = { connected: 'success', unreachable: 'error', not_configured: 'default' } as const;

function SyncProgress({ run }: { run: RegistrySyncRun }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const percent = run.total === 0 ? 100 : Math.round((run.processed / run.total) * 100);
  return (
    <Box sx={{ minWidth: 220 }}>
      <Typography variant="body2">
        {t(`registry.sync.status.${run.status}`)} · {t('registry.sync.progress', { processed: run.processed, total: run.total })}
      </Typography>
      {run.status === 'running' && <LinearProgress variant="determinate" value={percent} aria-label={t('registry.sync.progressLabel')} sx={{ my: 0.5 }} />}
      {run.status !== 'running' && (
        <Typography variant="caption" color={run.mismatches.length > 0 || run.error ? 'error' : 'text.secondary'}>
          {run.error ? registryMessage(t, run.error) : t('registry.sync.mismatches', { count: run.mismatches.length })}
          {run.finishedAt ? ` · ${formatDateTime(run.finishedAt, language)}` : ''}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The configured registries with their connection status and last sync; "Sync now" starts the
 * sync job and its progress follows live (registry_sync_update), read again when it ends.
 */
export function RegistriesCard({ registries }: { registries: RegistryConnection[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const starting = useStartRegistrySync();
  const [live, setLive] = useState<RegistrySyncRun | null>(null);
  useRealtimeEvent(SERVER_EVENTS.registrySyncUpdate, (run) => {
    setLive(run);
    if (run.status !== 'running') void queryClient.invalidateQueries({ queryKey: registryKeys.all });
  });
  const active = registries.find((registry) => registry.active);
  const runOf = (registry: RegistryConnection) => {
    const latest = registry.lastSync;
    if (live && live.registry === registry.id && (!latest || live.startedAt >= latest.startedAt)) return live;
    return latest;
  };
  const running = active ? runOf(active)?.status === 'running' : false;

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('registry.registries.title')}
        action={
          <Button
            variant="contained"
            startIcon={<SyncOutlined />}
            disabled={!active || running || starting.isPending}
            onClick={() => starting.mutate(undefined, { onSuccess: (run) => setLive(run) })}
          >
            {running ? t('registry.sync.running') : t('registry.sync.start')}
          </Button>
        }
      />
      {starting.isError && <Alert severity="error">{registryMessage(t, starting.error.message)}</Alert>}
      <CardContent sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('registry.registries.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('registry.registries.name')}</TableCell>
              <TableCell>{t('registry.registries.kind')}</TableCell>
              <TableCell>{t('registry.registries.status')}</TableCell>
              <TableCell>{t('registry.registries.lastSync')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {registries.map((registry) => {
              const run = runOf(registry);
              return (
                <TableRow key={registry.id}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {registry.name}
                    </Typography>
                    {registry.active && <Chip size="small" color="primary" label={t('registry.registries.inUse')} sx={{ mt: 0.5 }} />}
                  </TableCell>
                  <TableCell>
                    {t(`registry.registries.kinds.${registry.kind}`)}
                    {registry.endpoint && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {registry.endpoint}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={STATUS_COLOR[registry.status]} label={t(`registry.registries.statuses.${registry.status}`)} />
                  </TableCell>
                  <TableCell>{run ? <SyncProgress run={run} /> : <Typography variant="body2">{t('registry.sync.never')}</Typography>}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
