import type { Language, Webhook, WebhookMessage } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { webhookMessage } from '../webhook-texts';
import { useRedeliverMessage } from '../api/redeliver-message';
import { useWebhookMessages } from '../api/webhook-messages';
import { RowExpandCell } from '../../../components/RowExpandCell';

const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function Attempts({ message, language }: { message: WebhookMessage; language: Language }) {
  const { t } = useTranslation();
  if (message.attempts.length === 0) return <Typography sx={{ p: 1 }}>{t('webhooks.log.noAttempts')}</Typography>;
  return (
    <Table size="small" aria-label={t('webhooks.log.attemptsLabel', { id: message.webhookId })}>
      <TableHead>
        <TableRow>
          <TableCell>{t('webhooks.log.attemptedAt')}</TableCell>
          <TableCell>{t('webhooks.log.trigger')}</TableCell>
          <TableCell>{t('webhooks.log.statusCode')}</TableCell>
          <TableCell>{t('webhooks.log.latency')}</TableCell>
          <TableCell>{t('webhooks.log.response')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {message.attempts.map((attempt) => (
          <TableRow key={attempt.id}>
            <TableCell>{formatDateTime(attempt.attemptedAt, language)}</TableCell>
            <TableCell>{t(`webhooks.log.triggers.${attempt.trigger}`)}</TableCell>
            <TableCell>
              <Chip size="small" color={attempt.succeeded ? 'success' : 'error'} label={attempt.statusCode ?? t('webhooks.log.noAnswer')} />
            </TableCell>
            <TableCell>{t('webhooks.log.milliseconds', { value: attempt.latencyMs })}</TableCell>
            <TableCell sx={{ maxWidth: 420 }}>
              <Typography variant="caption" component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace' }}>
                {attempt.error ?? attempt.responseExcerpt}
              </Typography>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One endpoint's delivery log: each message with its attempts, and redelivery. Read again often while one is pending. */
export function DeliveryLog({ webhook, language }: { webhook: Webhook; language: Language }) {
  const { t } = useTranslation();
  const messages = useWebhookMessages(webhook.id);
  const redeliver = useRedeliverMessage();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardHeader
        title={t('webhooks.log.title')}
        subheader={webhook.url}
        slotProps={{ title: { component: 'h2', variant: 'h6' }, subheader: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
      />
      {messages.isFetching && <LinearProgress aria-label={t('webhooks.loading')} />}
      {messages.isError && (
        <Alert severity="error" action={<Button onClick={() => void messages.refetch()}>{t('webhooks.retry')}</Button>}>
          {t('webhooks.log.loadFailed')}
        </Alert>
      )}
      {redeliver.isError && <Alert severity="error">{webhookMessage(t, redeliver.error.message)}</Alert>}
      {messages.isPending && !messages.isError && <Typography sx={{ p: 3 }}>{t('webhooks.log.loading')}</Typography>}
      {messages.data?.items.length === 0 && (
        <Typography sx={{ p: 3 }} color="text.secondary">
          {t('webhooks.log.empty')}
        </Typography>
      )}
      {messages.data && messages.data.items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('webhooks.log.label')}>
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell>{t('webhooks.log.event')}</TableCell>
                <TableCell>{t('webhooks.log.status')}</TableCell>
                <TableCell>{t('webhooks.log.attempts')}</TableCell>
                <TableCell>{t('webhooks.log.createdAt')}</TableCell>
                <TableCell>{t('webhooks.log.webhookId')}</TableCell>
                <TableCell align="right">{t('webhooks.table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {messages.data.items.map((message) => (
                <Fragment key={message.id}>
                  <TableRow data-testid="webhook-delivery">
                    <RowExpandCell
                      expanded={open === message.id}
                      label={t('webhooks.log.showAttempts', { id: message.webhookId })}
                      onToggle={() => setOpen(open === message.id ? null : message.id)}
                    />
                    <TableCell>{message.eventType}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOR[message.status]} label={t(`webhooks.log.statuses.${message.status}`)} />
                      {message.nextAttemptAt && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {t('webhooks.log.nextAttempt', { at: formatDateTime(message.nextAttemptAt, language) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {message.attemptCount}
                      {message.attempts[0] && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {message.attempts[0].statusCode ?? t('webhooks.log.noAnswer')} ·{' '}
                          {t('webhooks.log.milliseconds', { value: message.attempts[0].latencyMs })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{formatDateTime(message.createdAt, language)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{message.webhookId}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        disabled={!webhook.enabled || redeliver.isPending}
                        onClick={() => redeliver.mutate({ webhookId: webhook.id, messageId: message.id })}
                        aria-label={t('webhooks.log.redeliverFor', { id: message.webhookId })}
                      >
                        {t('webhooks.log.redeliver')}
                      </Button>
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={7} sx={{ py: 0, borderBottom: open === message.id ? undefined : 'none' }}>
                      <Collapse in={open === message.id} unmountOnExit>
                        <Box sx={{ py: 1 }}>
                          <Attempts message={message} language={language} />
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
