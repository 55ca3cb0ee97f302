import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useLinkedWallets, useUnlinkWallet } from '../api/linked-wallets';

/** docs/product.md §3 Linked wallet: the wallets that sign this user in, each of which can be unlinked. */
export function LinkedWalletsCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const wallets = useLinkedWallets();
  const unlink = useUnlinkWallet();
  const [pending, setPending] = useState<string | null>(null);
  const language = currentLanguage();

  const confirm = () => {
    if (!pending) return;
    unlink.mutate(pending, {
      onSuccess: ({ endedSessions }) => {
        setPending(null);
        enqueueSnackbar(t('profilePage.wallets.unlinked', { count: endedSessions }), { variant: 'success' });
      },
      onError: (error) => {
        setPending(null);
        enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' });
      },
    });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="linked-wallets-title">
      <CardHeader title={t('profilePage.wallets.title')} slotProps={{ title: { id: 'linked-wallets-title', component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('profilePage.wallets.help')}
        </Typography>
        {wallets.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
        {wallets.isError && <Alert severity="error">{translateMessage(t, wallets.error.message)}</Alert>}
        {wallets.data?.length === 0 && <Typography color="text.secondary">{t('profilePage.wallets.empty')}</Typography>}
        <List disablePadding dense>
          {wallets.data?.map((wallet) => (
            <ListItem
              key={wallet.walletAddress}
              divider
              secondaryAction={
                <Button size="small" color="error" onClick={() => setPending(wallet.walletAddress)} disabled={unlink.isPending}>
                  {t('profilePage.wallets.unlink')}
                </Button>
              }
            >
              <ListItemText
                sx={{ pr: 10 }}
                primary={wallet.walletAddress}
                slotProps={{ primary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
                secondary={t('profilePage.wallets.linkedAt', {
                  type: t(`profilePage.wallets.types.${wallet.walletType}`),
                  date: formatDateTime(wallet.linkedAt, language),
                })}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <ConfirmDialog
        confirmation={
          pending
            ? {
                title: t('profilePage.wallets.confirmTitle'),
                consequence: t('profilePage.wallets.confirmText', { address: pending }),
                confirmLabel: t('profilePage.wallets.unlink'),
                color: 'error',
              }
            : null
        }
        busy={unlink.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
