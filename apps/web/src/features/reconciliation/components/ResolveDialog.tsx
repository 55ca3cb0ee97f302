import { type Discrepancy, type DiscrepancyResolution, type ResolveDiscrepancyResult } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResolveDiscrepancy } from '../api/resolve-discrepancy';
import { reconciliationMessage } from '../reconciliation-messages';

/**
 * The three resolutions (docs/product.md §4), each with what it does or why it is refused, and
 * the reason every resolution requires. The answer says whether the re-check closed it.
 */
export function ResolveDialog({ discrepancy, onClose }: { discrepancy: Discrepancy; onClose: (result?: ResolveDiscrepancyResult) => void }) {
  const { t } = useTranslation();
  const resolve = useResolveDiscrepancy();
  const firstExecutable = discrepancy.resolutions.find((option) => option.executable)?.action ?? 'mark_resolved';
  const [action, setAction] = useState<DiscrepancyResolution>(firstExecutable);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const reasonMissing = reason.trim().length === 0;

  const submit = () => {
    setTouched(true);
    if (reasonMissing) return;
    resolve.mutate({ id: discrepancy.id, request: { action, reason: reason.trim() }, idempotencyKey }, { onSuccess: (result) => onClose(result) });
  };

  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" aria-labelledby="resolve-discrepancy-title">
      <DialogTitle id="resolve-discrepancy-title">{t('reconciliation.resolve.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t(`reconciliation.types.${discrepancy.type}`)} · {discrepancy.project ?? discrepancy.entityId}
          <br />
          {t('reconciliation.columns.offChain')}: {discrepancy.expected} · {t('reconciliation.columns.onChain')}: {discrepancy.actual}
        </Typography>
        <FormControl>
          <FormLabel id="resolution-label">{t('reconciliation.resolve.action')}</FormLabel>
          <RadioGroup aria-labelledby="resolution-label" value={action} onChange={(event) => setAction(event.target.value as DiscrepancyResolution)}>
            {discrepancy.resolutions.map((option) => (
              <FormControlLabel
                key={option.action}
                value={option.action}
                disabled={!option.executable}
                control={<Radio />}
                label={
                  <span>
                    {t(`reconciliation.resolutions.${option.action}`)}
                    {!option.executable && ` (${t('reconciliation.resolve.refused')})`}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {option.explanation}
                    </Typography>
                  </span>
                }
                sx={{ alignItems: 'flex-start', mb: 1 }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('reconciliation.resolve.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          required
          fullWidth
          multiline
          minRows={2}
          error={touched && reasonMissing}
          helperText={touched && reasonMissing ? t('reconciliation.texts.reasonRequired') : t('reconciliation.resolve.reasonHelp')}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ mt: 2 }}
        />
        {resolve.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {reconciliationMessage(t, resolve.error instanceof Error ? resolve.error.message : String(resolve.error))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={resolve.isPending}>
          {t('reconciliation.resolve.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
