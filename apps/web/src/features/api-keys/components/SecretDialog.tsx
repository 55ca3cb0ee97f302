import type { ApiKeyWithSecret } from '@carbonledger/contracts';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../lib/toast';

/** The one time a key's secret is on screen (after create or rotate): copy it, then it is gone. */
export function SecretDialog({ issued, onClose }: { issued: ApiKeyWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.secret);
      enqueueSnackbar(t('apiKeys.secret.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('apiKeys.secret.copyFailed'), { variant: 'error' });
    }
  };
  return (
    <Dialog open={issued !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('apiKeys.secret.title', { name: issued?.key.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('apiKeys.secret.once')}
        </Alert>
        <TextField
          fullWidth
          label={t('apiKeys.secret.label')}
          value={issued?.secret ?? ''}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'api-key-secret', style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={t('apiKeys.secret.copy')} onClick={() => void copy()} edge="end">
                    <ContentCopyOutlined />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('apiKeys.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
