import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the user is asked before an action that cannot be undone: it names what will happen. */
export interface Confirmation {
  title: string;
  /** What happens, with the amounts and names the action is about. */
  consequence: ReactNode;
  confirmLabel: string;
  /** `error` for what destroys or takes away; `primary` for what only commits. */
  color?: 'error' | 'primary' | 'success';
}

/**
 * Asks before an irreversible action. Open while `confirmation` is set; the last one stays on
 * screen while the dialog closes so its text does not vanish mid-animation.
 */
export function ConfirmDialog({
  confirmation,
  busy = false,
  onCancel,
  onConfirm,
}: {
  confirmation: Confirmation | null;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [shown, setShown] = useState(confirmation);
  if (confirmation && confirmation !== shown) setShown(confirmation);
  return (
    <Dialog open={confirmation !== null} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{shown?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{shown?.consequence}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color={shown?.color ?? 'error'} variant="contained" onClick={onConfirm} disabled={busy || confirmation === null}>
          {shown?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
