import { canAccess, walletTexts, type CompanyWallet } from '@carbonledger/contracts';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store';
import { useRemoveWallet } from '../api/remove-wallet';
import { useSetPrimaryWallet } from '../api/set-primary-wallet';
import { useWallets } from '../api/wallets';
import type { BrowserWallet } from '../../../lib/use-browser-wallet';
import { useWalletRowActions } from '../use-wallet-row-actions';
import { failureText, translateWalletMessage } from '../../../lib/wallet-messages';
import { CompanyWalletsTable } from './CompanyWalletsTable';
import { RegisterWalletDialog } from './RegisterWalletDialog';
import { WalletDetailDialog } from './WalletDetailDialog';
import { WalletPickerDialog } from '../../../components/WalletPickerDialog';
import { ConfirmDialog, type Confirmation } from '../../../components/ConfirmDialog';

type WalletAction = 'primary' | 'remove';

/** docs/product.md §2 Company wallets: register, list, copy, explorer, set primary, remove, details. */
export function CompanyWalletsSection({ browserWallet, showTitle = true }: { browserWallet: BrowserWallet; showTitle?: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAuthStore((state) => state.user);
  const session = useAuthStore((state) => state.session);
  const canManage = Boolean(user && session && canAccess(user.role, session.permissions, 'wallets', 'create'));
  const wallets = useWallets();
  const setPrimary = useSetPrimaryWallet();
  const remove = useRemoveWallet();
  const { copy, openExplorer } = useWalletRowActions();
  const [registerOpen, setRegisterOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ wallet: CompanyWallet; action: WalletAction } | null>(null);

  const walletLabel = (wallet: CompanyWallet) => (wallet.name ? `${wallet.name} (${wallet.address})` : wallet.address);
  const currentPrimary = wallets.data?.find((wallet) => wallet.primary);
  const confirmation: Confirmation | null = !asking
    ? null
    : asking.action === 'primary'
      ? {
          title: t('wallets.primaryConfirm.title'),
          consequence: currentPrimary
            ? t('wallets.primaryConfirm.confirmReplacing', { wallet: walletLabel(asking.wallet), current: walletLabel(currentPrimary) })
            : t('wallets.primaryConfirm.confirm', { wallet: walletLabel(asking.wallet) }),
          confirmLabel: t('wallets.actions.setPrimary'),
          color: 'primary',
        }
      : {
          title: t('wallets.remove.title'),
          consequence: t('wallets.remove.confirm', { wallet: walletLabel(asking.wallet) }),
          confirmLabel: t('wallets.actions.remove'),
        };

  const done = (text: string) => () => {
    enqueueSnackbar(translateWalletMessage(t, text), { variant: 'success' });
    setAsking(null);
  };
  const failed = (fallback: string) => (error: Error) => {
    enqueueSnackbar(failureText(t, error, fallback), { variant: 'error' });
    setAsking(null);
  };

  const confirm = () => {
    if (!asking) return;
    if (asking.action === 'primary')
      setPrimary.mutate(asking.wallet.id, { onSuccess: done(walletTexts.primarySet), onError: failed(walletTexts.setPrimaryFailed) });
    else remove.mutate(asking.wallet.id, { onSuccess: done(walletTexts.removed), onError: failed(walletTexts.removeFailed) });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Box>
            {showTitle && (
              <Typography variant="h6" component="h2">
                {t('wallets.company.title')}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('wallets.company.subtitle')}
            </Typography>
          </Box>
          {canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setRegisterOpen(true)}>
              {t('wallets.register.open')}
            </Button>
          )}
        </Box>
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {t('wallets.approvalNotice')}
        </Alert>
        {wallets.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {wallets.isError && <Alert severity="error">{t('wallets.loadFailed')}</Alert>}
        {wallets.data && wallets.data.length === 0 && <Alert severity="info">{t('wallets.company.empty')}</Alert>}
        {wallets.data && wallets.data.length > 0 && (
          <CompanyWalletsTable
            wallets={wallets.data}
            actions={{
              onCopy: (wallet) => void copy(wallet),
              onExplorer: (wallet) => void openExplorer(wallet),
              onDetails: (wallet) => setDetailId(wallet.id),
              onSetPrimary: canManage ? (wallet) => setAsking({ wallet, action: 'primary' }) : undefined,
              onRemove: canManage ? (wallet) => setAsking({ wallet, action: 'remove' }) : undefined,
            }}
          />
        )}
      </CardContent>
      <RegisterWalletDialog open={registerOpen} onClose={() => setRegisterOpen(false)} browserWallet={browserWallet} onConnect={() => setPickerOpen(true)} />
      <WalletPickerDialog open={pickerOpen} onClose={() => setPickerOpen(false)} browserWallet={browserWallet} />
      <WalletDetailDialog walletId={detailId} onClose={() => setDetailId(null)} canVerify={canManage} />
      <ConfirmDialog confirmation={confirmation} busy={setPrimary.isPending || remove.isPending} onCancel={() => setAsking(null)} onConfirm={confirm} />
    </Card>
  );
}
