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
import { ConfirmRemoveDialog } from './ConfirmRemoveDialog';
import { RegisterWalletDialog } from './RegisterWalletDialog';
import { WalletDetailDialog } from './WalletDetailDialog';
import { WalletPickerDialog } from '../../../components/WalletPickerDialog';

/** SPEC §2 Company wallets: register, list, copy, explorer, set primary, remove, details. */
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
  const [removing, setRemoving] = useState<CompanyWallet | null>(null);

  const makePrimary = (wallet: CompanyWallet) =>
    setPrimary.mutate(wallet.id, {
      onSuccess: () => enqueueSnackbar(translateWalletMessage(t, walletTexts.primarySet), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(failureText(t, error, walletTexts.setPrimaryFailed), { variant: 'error' }),
    });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        enqueueSnackbar(translateWalletMessage(t, walletTexts.removed), { variant: 'success' });
        setRemoving(null);
      },
      onError: (error) => {
        enqueueSnackbar(failureText(t, error, walletTexts.removeFailed), { variant: 'error' });
        setRemoving(null);
      },
    });
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
              onSetPrimary: canManage ? makePrimary : undefined,
              onRemove: canManage ? setRemoving : undefined,
            }}
          />
        )}
      </CardContent>
      <RegisterWalletDialog open={registerOpen} onClose={() => setRegisterOpen(false)} browserWallet={browserWallet} onConnect={() => setPickerOpen(true)} />
      <WalletPickerDialog open={pickerOpen} onClose={() => setPickerOpen(false)} browserWallet={browserWallet} />
      <WalletDetailDialog walletId={detailId} onClose={() => setDetailId(null)} canVerify={canManage} />
      <ConfirmRemoveDialog wallet={removing} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={confirmRemove} />
    </Card>
  );
}
