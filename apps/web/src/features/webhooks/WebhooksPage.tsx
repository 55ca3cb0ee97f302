import type { Webhook } from '@carbonledger/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { currentLanguage } from '../../lib/i18n';
import { webhookMessage } from './webhook-texts';
import { useFallbackInterval } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { useDeleteWebhook } from './api/delete-webhook';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { useSendTestEvent } from './api/send-test-event';
import { useUpdateWebhook } from './api/update-webhook';
import { useWebhooks } from './api/webhooks';
import { DeliveryLog } from './components/DeliveryLog';
import { SecretDialog } from './components/SecretDialog';
import { WebhookDialog } from './components/WebhookDialog';
import { WebhooksTable } from './components/WebhooksTable';

type Pending = { kind: 'delete' | 'rotate'; webhook: Webhook };

/**
 * docs/product.md §2 /webhooks: the company's endpoints, the events each hears, its signing
 * secret (shown once), its delivery log with redelivery, a test event, enabling and disabling.
 * Deliveries run on the job queue (on worker nodes, whose sockets reach nobody), so the list
 * and the log are read again on a timer — often while a delivery is pending.
 */
export default function WebhooksPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const webhooks = useWebhooks(useFallbackInterval(15_000, 15_000));
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const [dialog, setDialog] = useState<{ editing: Webhook | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const items = webhooks.data?.items ?? [];
  const selected = items.find((webhook) => webhook.id === selectedId) ?? null;
  const failure = (error: Error) => enqueueSnackbar(webhookMessage(t, error.message), { variant: 'error' });

  const confirmation: Confirmation | null = pending
    ? pending.kind === 'delete'
      ? {
          title: t('webhooks.confirm.deleteTitle'),
          consequence: t('webhooks.confirm.deleteText', { url: pending.webhook.url }),
          confirmLabel: t('webhooks.actions.delete'),
          color: 'error',
        }
      : {
          title: t('webhooks.confirm.rotateTitle'),
          consequence: t('webhooks.confirm.rotateText', { url: pending.webhook.url }),
          confirmLabel: t('webhooks.actions.rotate'),
          color: 'primary',
        }
    : null;

  const confirm = () => {
    if (!pending) return;
    const done = () => setPending(null);
    if (pending.kind === 'delete') {
      remove.mutate(pending.webhook.id, {
        onSuccess: () => {
          if (selectedId === pending.webhook.id) setSelectedId(null);
          enqueueSnackbar(t('webhooks.deleted'), { variant: 'success' });
        },
        onError: failure,
        onSettled: done,
      });
    } else {
      rotate.mutate(pending.webhook.id, { onSuccess: (result) => setSecret(result.secret), onError: failure, onSettled: done });
    }
  };

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('webhooks.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog({ editing: null })}>
            {t('webhooks.add')}
          </Button>
        }
      />
      <Card variant="outlined">
        {webhooks.isFetching && <LinearProgress aria-label={t('webhooks.loading')} />}
        {webhooks.isError && (
          <Alert severity="error" action={<Button onClick={() => void webhooks.refetch()}>{t('webhooks.retry')}</Button>}>
            {t('webhooks.loadFailed')}
          </Alert>
        )}
        {webhooks.isPending && !webhooks.isError && <Typography sx={{ p: 3 }}>{t('webhooks.loading')}</Typography>}
        {webhooks.data?.items.length === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {t('webhooks.empty')}
          </Typography>
        )}
        {items.length > 0 && (
          <WebhooksTable
            webhooks={items}
            selectedId={selectedId}
            language={language}
            actions={{
              onSelect: (webhook) => setSelectedId(webhook.id),
              onToggle: (webhook, enabled) =>
                update.mutate(
                  { id: webhook.id, changes: { enabled } },
                  { onSuccess: () => enqueueSnackbar(t(enabled ? 'webhooks.enabled' : 'webhooks.disabled'), { variant: 'success' }), onError: failure },
                ),
              onTest: (webhook) =>
                test.mutate(webhook.id, {
                  onSuccess: () => {
                    setSelectedId(webhook.id);
                    enqueueSnackbar(t('webhooks.testQueued'), { variant: 'success' });
                  },
                  onError: failure,
                }),
              onEdit: (webhook) => setDialog({ editing: webhook }),
              onRotate: (webhook) => setPending({ kind: 'rotate', webhook }),
              onDelete: (webhook) => setPending({ kind: 'delete', webhook }),
            }}
          />
        )}
      </Card>
      {selected && <DeliveryLog webhook={selected} language={language} />}
      <WebhookDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onCreated={(created) => {
          enqueueSnackbar(t('webhooks.created'), { variant: 'success' });
          setSecret(created);
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog confirmation={confirmation} busy={remove.isPending || rotate.isPending} onCancel={() => setPending(null)} onConfirm={confirm} />
    </Box>
  );
}
