import type { ApiKey, ApiKeyWithSecret, UsagePeriod } from '@carbonledger/contracts';
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
import { useSnackbar } from '../../lib/toast';
import { apiKeyMessage } from './api-key-messages';
import { useApiKeys } from './api/api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';
import { useRotateApiKey } from './api/rotate-api-key';
import { ApiKeysTable } from './components/ApiKeysTable';
import { CreateApiKeyDialog } from './components/CreateApiKeyDialog';
import { SecretDialog } from './components/SecretDialog';
import { UsagePanel } from './components/UsagePanel';

type PendingAction = { kind: 'rotate' | 'revoke'; key: ApiKey };

/**
 * docs/product.md §2 /api-management: the company's API keys (create, rotate, revoke; the
 * secret shown once) and their usage analytics per §9 period.
 */
export default function ApiKeysPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  // Last use and 24 h requests follow the keys' calls, which the API counts every few seconds.
  const keys = useApiKeys(10_000);
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<ApiKeyWithSecret | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [usageKeyId, setUsageKeyId] = useState('');
  const [period, setPeriod] = useState<UsagePeriod>('1h');

  const confirmation: Confirmation | null = pending && {
    title: t(`apiKeys.confirm.${pending.kind}Title`, { name: pending.key.name }),
    consequence: t(`apiKeys.confirm.${pending.kind}Consequence`, { name: pending.key.name }),
    confirmLabel: t(`apiKeys.actions.${pending.kind}`),
    color: pending.kind === 'revoke' ? 'error' : 'primary',
  };
  const failed = (error: unknown) => enqueueSnackbar(apiKeyMessage(t, error instanceof Error ? error.message : String(error)), { variant: 'error' });
  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'rotate') {
      rotate.mutate(pending.key.id, {
        onSuccess: (result) => {
          setPending(null);
          setIssued(result);
        },
        onError: failed,
      });
    } else {
      revoke.mutate(pending.key.id, {
        onSuccess: () => {
          setPending(null);
          enqueueSnackbar(t('apiKeys.texts.revoked'), { variant: 'success' });
        },
        onError: failed,
      });
    }
  };

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('apiKeys.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            {t('apiKeys.create.open')}
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mb: 3 }}>
        {keys.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {keys.isError && (
          <Alert severity="error" action={<Button onClick={() => void keys.refetch()}>{t('apiKeys.retry')}</Button>}>
            {apiKeyMessage(t, keys.error.message)}
          </Alert>
        )}
        {keys.isPending && !keys.isError && <Typography sx={{ p: 3 }}>{t('apiKeys.loading')}</Typography>}
        {keys.data?.length === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {t('apiKeys.empty')}
          </Typography>
        )}
        {keys.data && keys.data.length > 0 && (
          <ApiKeysTable
            keys={keys.data}
            language={language}
            onUsage={(key) => setUsageKeyId(key.id)}
            onRotate={(key) => setPending({ kind: 'rotate', key })}
            onRevoke={(key) => setPending({ kind: 'revoke', key })}
          />
        )}
      </Card>
      {keys.data && keys.data.length > 0 && (
        <UsagePanel keys={keys.data} keyId={usageKeyId} onKeyChange={setUsageKeyId} period={period} onPeriodChange={setPeriod} language={language} />
      )}
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setIssued(created);
        }}
      />
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
      <ConfirmDialog confirmation={confirmation} busy={rotate.isPending || revoke.isPending} onCancel={() => setPending(null)} onConfirm={confirm} />
    </Box>
  );
}
