import type { Retirement } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount } from '../../../lib/chain-format';

/** Confirms the cancel; a scheduled one also needs the wallet to sign the revocation of the delegate. */
export function CancelRetirementDialog({
  retirement,
  busy,
  onConfirm,
  onClose,
}: {
  retirement: Retirement | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={retirement !== null} onClose={busy ? undefined : onClose} aria-labelledby="cancel-retirement-title">
      <DialogTitle id="cancel-retirement-title">{t('retirements.cancel.title')}</DialogTitle>
      <DialogContent>
        {retirement && (
          <DialogContentText>
            {t('retirements.cancel.message', { amount: formatTokenAmount(retirement.amount, retirement.decimals), token: retirement.tokenSymbol })}
            {retirement.status === 'scheduled' && ` ${t('retirements.cancel.revokeNotice')}`}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('retirements.cancel.keep')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? t('retirements.cancel.cancelling') : t('retirements.cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
