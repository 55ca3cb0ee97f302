import { walletReasonRequest, type CompanyWallet } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput';
import type { WalletDecision } from '../api/wallet-decision';

type ReasonForm = { reason: string };

/** Reject, suspend and revoke say why (the company reads the reason). */
export function DecisionDialog({
  target,
  busy,
  onCancel,
  onConfirm,
}: {
  target: { wallet: CompanyWallet; decision: WalletDecision } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReasonForm>({ resolver: zodResolver(walletReasonRequest), defaultValues: { reason: '' } });
  useEffect(() => {
    if (target) reset({ reason: '' });
  }, [target, reset]);
  const decision = target?.decision ?? 'reject';
  return (
    <Dialog open={target !== null} onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="wallet-decision-title">
      <Box component="form" noValidate onSubmit={handleSubmit(({ reason }) => onConfirm(reason))}>
        <DialogTitle id="wallet-decision-title">{t(`wallets.decisions.${decision}Title`)}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t(`wallets.decisions.${decision}Effect`)}</DialogContentText>
          <DialogContentText>
            {t('wallets.decisions.reasonIntro', { wallet: target?.wallet.name ?? target?.wallet.address ?? '', company: target?.wallet.companyName ?? '' })}
          </DialogContentText>
          <TextInput
            label={t('wallets.decisions.reason')}
            required
            multiline
            minRows={2}
            autoFocus
            error={Boolean(errors.reason)}
            helperText={errors.reason ? t('wallets.decisions.reasonRequired') : undefined}
            {...register('reason')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {t(`wallets.decisions.${decision}`)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
