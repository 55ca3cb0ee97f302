import {
  DATA_EXPORT_FORMATS,
  DATA_EXPORT_RETENTION_DAYS,
  DATA_EXPORT_TYPES,
  SERVER_EVENTS,
  canExport,
  type DataExport,
  type DataExportFormat,
  type DataExportList,
  type DataExportType,
  type Role,
} from '@carbonledger/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type Confirmation } from '../../../components/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { formatBytes, formatDateTime, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useFallbackInterval, useRealtimeEvent } from '../../../lib/realtime';
import { dataExportsKey, useDataExports } from '../api/data-exports';
import { useDeleteDataExport } from '../api/delete-data-export';
import { useDownloadDataExport } from '../api/download-data-export';
import { useRequestDataExport } from '../api/request-data-export';

const STATUS_COLOR = { queued: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

function ExportRequestForm({ types }: { types: readonly DataExportType[] }) {
  const { t } = useTranslation();
  const requesting = useRequestDataExport();
  const [type, setType] = useState<DataExportType>(types[0]!);
  const [format, setFormat] = useState<DataExportFormat>('csv');
  const [retention, setRetention] = useState(String(DATA_EXPORT_RETENTION_DAYS.default));
  const days = Number(retention);
  const retentionValid = Number.isInteger(days) && days >= DATA_EXPORT_RETENTION_DAYS.min && days <= DATA_EXPORT_RETENTION_DAYS.max;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (retentionValid) requesting.mutate({ type, format, retentionDays: days });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          label={t('dataExport.form.type')}
          value={type}
          onChange={(event) => setType(event.target.value as DataExportType)}
          sx={{ minWidth: 200 }}
        >
          {types.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`dataExport.types.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('dataExport.form.format')}
          value={format}
          onChange={(event) => setFormat(event.target.value as DataExportFormat)}
          sx={{ minWidth: 140 }}
        >
          {DATA_EXPORT_FORMATS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`dataExport.formats.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="number"
          label={t('dataExport.form.retentionDays')}
          value={retention}
          onChange={(event) => setRetention(event.target.value)}
          error={!retentionValid}
          helperText={t('dataExport.form.retentionHelp', { min: DATA_EXPORT_RETENTION_DAYS.min, max: DATA_EXPORT_RETENTION_DAYS.max })}
          slotProps={{ htmlInput: { min: DATA_EXPORT_RETENTION_DAYS.min, max: DATA_EXPORT_RETENTION_DAYS.max } }}
          sx={{ width: 200 }}
        />
        <Button type="submit" variant="contained" disabled={!retentionValid || requesting.isPending} sx={{ mt: { md: 1 } }}>
          {t('dataExport.form.submit')}
        </Button>
      </Stack>
      {requesting.isSuccess && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('dataExport.form.queued')}
        </Alert>
      )}
      {requesting.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {requesting.error instanceof ApiError && requesting.error.is('DATA_EXPORT__NOT_ALLOWED')
            ? t('dataExport.errors.notAllowed')
            : t('dataExport.errors.requestFailed')}
        </Alert>
      )}
    </Box>
  );
}

function ExportProgress({ item }: { item: DataExport }) {
  const { t } = useTranslation();
  const rows = t('dataExport.table.rows', { count: item.rows, formatted: formatNumber(item.rows, currentLanguage()) });
  if (item.status === 'failed')
    return (
      <Typography variant="body2" color="error">
        {t('dataExport.errors.failed')}
      </Typography>
    );
  if (item.status !== 'running' && item.status !== 'queued') return <Typography variant="body2">{rows}</Typography>;
  return (
    <Box sx={{ minWidth: 160 }}>
      <LinearProgress variant={item.status === 'queued' ? 'indeterminate' : 'determinate'} value={item.progress} aria-label={t('dataExport.table.progress')} />
      <Typography variant="caption">{rows}</Typography>
    </Box>
  );
}

function ExportsTable({ items }: { items: DataExport[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const downloading = useDownloadDataExport();
  const deleting = useDeleteDataExport();
  const [pending, setPending] = useState<DataExport | null>(null);
  const confirmation: Confirmation | null = pending && {
    title: t('dataExport.confirm.title'),
    consequence: t('dataExport.confirm.consequence', { file: pending.fileName }),
    confirmLabel: t('dataExport.confirm.confirm'),
    color: 'error',
  };
  return (
    <>
      {downloading.isError && <Alert severity="error">{t('dataExport.errors.downloadFailed')}</Alert>}
      {deleting.isError && <Alert severity="error">{t('dataExport.errors.deleteFailed')}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('dataExport.table.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('dataExport.table.type')}</TableCell>
              <TableCell>{t('dataExport.table.format')}</TableCell>
              <TableCell>{t('dataExport.table.status')}</TableCell>
              <TableCell>{t('dataExport.table.progress')}</TableCell>
              <TableCell>{t('dataExport.table.size')}</TableCell>
              <TableCell>{t('dataExport.table.created')}</TableCell>
              <TableCell>{t('dataExport.table.expires')}</TableCell>
              <TableCell align="right">{t('dataExport.table.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} data-testid="data-export-row">
                <TableCell>{t(`dataExport.types.${item.type}`)}</TableCell>
                <TableCell>{t(`dataExport.formats.${item.format}`)}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOR[item.status]} label={t(`dataExport.status.${item.status}`)} />
                </TableCell>
                <TableCell>
                  <ExportProgress item={item} />
                </TableCell>
                <TableCell>{item.sizeBytes === null ? '—' : formatBytes(item.sizeBytes, language)}</TableCell>
                <TableCell>{formatDateTime(item.createdAt, language)}</TableCell>
                <TableCell>{item.expiresAt ? formatDateTime(item.expiresAt, language) : '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('dataExport.table.download')}>
                    <span>
                      <IconButton
                        aria-label={t('dataExport.table.downloadFile', { file: item.fileName })}
                        disabled={item.status !== 'completed' || downloading.isPending}
                        onClick={() => downloading.mutate(item)}
                      >
                        <FileDownloadOutlined />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('dataExport.table.delete')}>
                    <IconButton aria-label={t('dataExport.table.deleteFile', { file: item.fileName })} onClick={() => setPending(item)}>
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <ConfirmDialog
        confirmation={confirmation}
        busy={deleting.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && deleting.mutate(pending.id, { onSettled: () => setPending(null) })}
      />
    </>
  );
}

/**
 * Settings → Advanced (docs/product.md §3 Data export): request an export of the types the
 * user's permissions allow, and the user's exports with their progress, which follows live
 * (data_export_update) and is read again every few seconds while the socket is down.
 */
export function AdvancedTab({ role, permissions }: { role: Role; permissions: readonly string[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const exports = useDataExports(useFallbackInterval(30_000, 3_000));
  const types = DATA_EXPORT_TYPES.filter((type) => canExport(role, permissions, type));
  useRealtimeEvent(SERVER_EVENTS.dataExportUpdate, ({ deleted, ...update }) => {
    queryClient.setQueryData<DataExportList>(dataExportsKey, (list) => {
      if (!list) return list;
      const others = list.items.filter((item) => item.id !== update.id);
      if (deleted) return { items: others };
      return { items: [update, ...others].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) };
    });
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-data-export-title">
      <CardContent>
        <Typography id="settings-data-export-title" variant="h6" component="h2">
          {t('dataExport.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('dataExport.description')}
        </Typography>
        {types.length > 0 ? <ExportRequestForm types={types} /> : <Alert severity="info">{t('dataExport.noTypes')}</Alert>}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
          {t('dataExport.table.title')}
        </Typography>
        {exports.isPending && <Skeleton aria-label={t('common.loading')} height={96} />}
        {exports.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void exports.refetch()}>
                {t('dataExport.retry')}
              </Button>
            }
          >
            {t('dataExport.errors.loadFailed')}
          </Alert>
        )}
        {exports.data && exports.data.items.length === 0 && <Typography color="text.secondary">{t('dataExport.table.empty')}</Typography>}
        {exports.data && exports.data.items.length > 0 && <ExportsTable items={exports.data.items} />}
      </CardContent>
    </Card>
  );
}
