import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useSnackbar } from '../../lib/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';
import { fetchRequestLogsCsv, useRequestLogs, type RequestLogFilters } from './api/request-logs';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const STATUSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** A datetime-local value (browser time) as the ISO instant the API filters on. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function download(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export default function RequestLogsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const [method, setMethod] = useState('');
  const [status, setStatus] = useState('');
  const [path, setPath] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const filters: RequestLogFilters = {
    method: (METHODS as readonly string[]).includes(method) ? (method as RequestLogFilters['method']) : undefined,
    status: (STATUSES as readonly string[]).includes(status) ? (status as RequestLogFilters['status']) : undefined,
    path: path.trim() || undefined,
    from: toIso(from),
    to: toIso(to),
    limit: 200,
  };
  const logs = useRequestLogs(filters);

  const exportCsv = async () => {
    setExporting(true);
    try {
      download(await fetchRequestLogsCsv(filters), `request-logs-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.csv`);
    } catch (error) {
      enqueueSnackbar(translateMessage(t, error instanceof Error ? error.message : String(error)), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('requestLogs.subtitle')}
        actions={
          <Button variant="contained" startIcon={<FileDownloadOutlined />} onClick={() => void exportCsv()} disabled={exporting}>
            {t('requestLogs.exportCsv')}
          </Button>
        }
      />
      <Card variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(5, 1fr)' } }}>
        <TextField select label={t('requestLogs.method')} value={method} onChange={(event) => setMethod(event.target.value)} size="small">
          <MenuItem value="">{t('common.all')}</MenuItem>
          {METHODS.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('requestLogs.status')} value={status} onChange={(event) => setStatus(event.target.value)} size="small">
          <MenuItem value="">{t('common.all')}</MenuItem>
          {STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={t('requestLogs.path')} value={path} onChange={(event) => setPath(event.target.value)} size="small" />
        <TextField
          label={t('requestLogs.from')}
          type="datetime-local"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('requestLogs.to')}
          type="datetime-local"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Card>
      <Card variant="outlined">
        {logs.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {logs.isError && <Alert severity="error">{translateMessage(t, logs.error.message)}</Alert>}
        <TableContainer>
          <Table size="small" aria-label={name}>
            <TableHead>
              <TableRow>
                <TableCell>{t('requestLogs.timestamp')}</TableCell>
                <TableCell>{t('requestLogs.method')}</TableCell>
                <TableCell>{t('requestLogs.path')}</TableCell>
                <TableCell>{t('requestLogs.status')}</TableCell>
                <TableCell align="right">{t('requestLogs.responseTime')}</TableCell>
                <TableCell>{t('requestLogs.user')}</TableCell>
                <TableCell>{t('requestLogs.ip')}</TableCell>
                <TableCell>{t('requestLogs.error')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {logs.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>{t('requestLogs.empty')}</TableCell>
                </TableRow>
              )}
              {logs.data?.map((log) => (
                <TableRow key={log.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.timestamp, language)}</TableCell>
                  <TableCell>{log.method}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{log.path}</TableCell>
                  <TableCell>{log.statusCode}</TableCell>
                  <TableCell align="right">{log.responseTimeMs.toFixed(1)} ms</TableCell>
                  <TableCell title={log.userId ?? undefined}>{log.userName ?? '—'}</TableCell>
                  <TableCell>{log.ip ?? '—'}</TableCell>
                  <TableCell>{log.errorMessage ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </Box>
  );
}
