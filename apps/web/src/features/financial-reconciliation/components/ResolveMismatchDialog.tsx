import type { FinancialMismatch } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { useResolveMismatch } from '../api/resolve-mismatch';

/** A mismatch is resolved with a note saying why (required): the decision goes on the record. */
export function ResolveMismatchDialog({ mismatch, onClose, onResolved }: { mismatch: FinancialMismatch | null; onClose: () => void; onResolved: () => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(mismatch);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const resolve = useResolveMismatch();
  if (mismatch && mismatch !== shown) {
    setShown(mismatch);
    setNote('');
    setTried(false);
    resolve.reset();
  }
  const missing = note.trim() === '';
  const submit = () => {
    setTried(true);
    if (!shown || missing) return;
    resolve.mutate({ kind: shown.kind, subjectId: shown.subjectId, note: note.trim() }, { onSuccess: onResolved });
  };
  return (
    <Dialog open={mismatch !== null} onClose={resolve.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="resolve-title">
      <DialogTitle id="resolve-title">{t('financialReconciliation.resolve.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {resolve.error && <Alert severity="error">{translateMessage(t, resolve.error.message)}</Alert>}
          {shown && <Typography>{t(`financialReconciliation.kinds.${shown.kind}`)}</Typography>}
          {shown && <Typography color="text.secondary">{shown.description}</Typography>}
          <TextField
            label={t('financialReconciliation.resolve.note')}
            required
            multiline
            minRows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            error={tried && missing}
            helperText={tried && missing ? t('financialReconciliation.resolve.noteRequired') : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={resolve.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={resolve.isPending}>
          {t('financialReconciliation.resolve.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
