import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { appRealtime, useRealtimeDebug, type RealtimeClient } from '../../../lib/realtime';

const STATUS_COLOR = { connected: 'success', connecting: 'warning', disconnected: 'default', error: 'error' } as const;

/** Payloads are shown as sent, shortened: the table stays readable with large transaction updates. */
const PAYLOAD_CHARS = 300;

function preview(payload: unknown): string {
  const text = payload === undefined ? '' : JSON.stringify(payload);
  return text.length > PAYLOAD_CHARS ? `${text.slice(0, PAYLOAD_CHARS)}…` : text;
}

/**
 * docs/product.md §2 websocket debug panel, for administrators: this browser's socket (state,
 * namespace, the §7 topics it holds) and the last events it received. It reads the client's own
 * ring buffer, so it shows only what the server sent this user.
 */
export function RealtimeDebugPanel({ client = appRealtime() }: { client?: RealtimeClient }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const debug = useRealtimeDebug(client);

  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-realtime-debug-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
          <BugReportOutlined color="primary" aria-hidden />
          <Typography id="settings-realtime-debug-title" variant="h6" component="h2">
            {t('integrations.debug.title')}
          </Typography>
          <Chip size="small" color={STATUS_COLOR[debug.status]} label={t(`integrations.debug.status.${debug.status}`)} data-testid="realtime-debug-status" />
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('integrations.debug.intro')}
        </Typography>
        {debug.error && <Alert severity="error">{t('integrations.debug.error', { error: debug.error })}</Alert>}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 1 }}>
          <Typography component="dt" color="text.secondary">
            {t('integrations.debug.namespace')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
            {debug.namespace ?? '—'}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('integrations.debug.socketId')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
            {debug.socketId ?? '—'}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('integrations.debug.topics')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid="realtime-debug-topics">
            {debug.topics.length === 0 ? t('integrations.debug.noTopics') : [...new Set(debug.topics.map((held) => held.topic))].join(', ')}
          </Typography>
        </Box>
        <Typography variant="subtitle1" component="h3" id="settings-realtime-debug-events">
          {t('integrations.debug.events', { count: debug.events.length })}
        </Typography>
        {debug.events.length === 0 ? (
          <Typography color="text.secondary">{t('integrations.debug.noEvents')}</Typography>
        ) : (
          <Box sx={{ maxHeight: 360, overflow: 'auto' }} tabIndex={0} role="region" aria-labelledby="settings-realtime-debug-events">
            <Table size="small" aria-labelledby="settings-realtime-debug-events">
              <TableHead>
                <TableRow>
                  <TableCell>{t('integrations.debug.receivedAt')}</TableCell>
                  <TableCell>{t('integrations.debug.event')}</TableCell>
                  <TableCell>{t('integrations.debug.payload')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {debug.events.map((event) => (
                  <TableRow key={event.seq}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.receivedAt, language)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{event.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>{preview(event.payload)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
