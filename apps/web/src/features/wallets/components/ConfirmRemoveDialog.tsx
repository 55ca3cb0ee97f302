import type { CompanyWallet } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export function ConfirmRemoveDialog({ wallet, busy, onCancel, onConfirm }: { wallet: CompanyWallet | null; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={wallet !== null} onClose={onCancel} aria-labelledby="remove-wallet-title">
      <DialogTitle id="remove-wallet-title">{t('wallets.remove.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('wallets.remove.confirm', { wallet: wallet?.name ?? wallet?.address ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {t('wallets.actions.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
