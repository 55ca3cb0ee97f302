import type { Language, Webhook } from '@carbonledger/contracts';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

export interface WebhookRowActions {
  onSelect(webhook: Webhook): void;
  onToggle(webhook: Webhook, enabled: boolean): void;
  onTest(webhook: Webhook): void;
  onEdit(webhook: Webhook): void;
  onRotate(webhook: Webhook): void;
  onDelete(webhook: Webhook): void;
}

function StatusChip({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  if (webhook.enabled) return <Chip size="small" color="success" label={t('webhooks.status.enabled')} />;
  return (
    <Chip size="small" color={webhook.disabledReason === 'failing' ? 'error' : 'default'} label={t(`webhooks.status.${webhook.disabledReason ?? 'manual'}`)} />
  );
}

/** The endpoints: status, events, last delivery, and what can be done to each. */
export function WebhooksTable({
  webhooks,
  selectedId,
  language,
  actions,
}: {
  webhooks: Webhook[];
  selectedId: string | null;
  language: Language;
  actions: WebhookRowActions;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('webhooks.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('webhooks.table.url')}</TableCell>
            <TableCell>{t('webhooks.table.events')}</TableCell>
            <TableCell>{t('webhooks.table.status')}</TableCell>
            <TableCell>{t('webhooks.table.lastDelivery')}</TableCell>
            <TableCell align="right">{t('webhooks.table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {webhooks.map((webhook) => (
            <TableRow key={webhook.id} hover selected={webhook.id === selectedId}>
              <TableCell sx={{ maxWidth: 360 }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {webhook.url}
                </Typography>
                {webhook.description && (
                  <Typography variant="caption" color="text.secondary">
                    {webhook.description}
                  </Typography>
                )}
                {!webhook.signed && (
                  <Typography variant="caption" color="warning.main" component="div">
                    {t('webhooks.table.unsigned')}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                  {webhook.events.map((type) => (
                    <Chip key={type} size="small" variant="outlined" label={type} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>
                <StatusChip webhook={webhook} />
              </TableCell>
              <TableCell>
                {webhook.lastDeliveryAt ? (
                  <>
                    {formatDateTime(webhook.lastDeliveryAt, language)}
                    <Typography variant="caption" component="div" color={webhook.lastDeliveryStatus === 'failed' ? 'error' : 'text.secondary'}>
                      {t(`webhooks.lastDelivery.${webhook.lastDeliveryStatus ?? 'delivered'}`)}
                    </Typography>
                  </>
                ) : (
                  t('webhooks.lastDelivery.never')
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Switch
                  checked={webhook.enabled}
                  onChange={(event) => actions.onToggle(webhook, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('webhooks.actions.enabledFor', { url: webhook.url }) } }}
                />
                <Tooltip title={t('webhooks.actions.test')}>
                  <span>
                    <IconButton
                      aria-label={t('webhooks.actions.testFor', { url: webhook.url })}
                      disabled={!webhook.enabled}
                      onClick={() => actions.onTest(webhook)}
                    >
                      <SendOutlined />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('webhooks.actions.edit')}>
                  <IconButton aria-label={t('webhooks.actions.editFor', { url: webhook.url })} onClick={() => actions.onEdit(webhook)}>
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('webhooks.actions.rotate')}>
                  <IconButton aria-label={t('webhooks.actions.rotateFor', { url: webhook.url })} onClick={() => actions.onRotate(webhook)}>
                    <KeyOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('webhooks.actions.delete')}>
                  <IconButton aria-label={t('webhooks.actions.deleteFor', { url: webhook.url })} onClick={() => actions.onDelete(webhook)}>
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
                <Button size="small" onClick={() => actions.onSelect(webhook)} aria-pressed={webhook.id === selectedId}>
                  {t('webhooks.actions.deliveries')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
