import type { KycDecisionKind } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Confirms a decision; rejecting and asking for more information need a reason the company reads. */
export function DecisionDialog({
  decision,
  busy,
  onClose,
  onConfirm,
}: {
  decision: KycDecisionKind;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const needsReason = decision !== 'approve';
  const missing = needsReason && reason.trim() === '';
  return (
    <Dialog open onClose={onClose} aria-labelledby="kyc-decision-title" fullWidth maxWidth="sm">
      <DialogTitle id="kyc-decision-title">{t(`kycReviews.decisions.${decision}.title`)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t(`kycReviews.decisions.${decision}.body`)}</DialogContentText>
        {needsReason && (
          <TextField
            autoFocus
            multiline
            minRows={3}
            label={t('kycReviews.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            required
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('kycReviews.cancel')}</Button>
        <Button
          variant="contained"
          color={decision === 'reject' ? 'error' : 'primary'}
          disabled={busy || missing}
          onClick={() => onConfirm(needsReason ? reason.trim() : undefined)}
        >
          {t(`kycReviews.decisions.${decision}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
