import type { ApprovalWorkflow } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApprovalDelegates } from '../api/approval-delegates';
import { useDecideApproval, type ApprovalDecision } from '../api/decide-approval';
import { decisionFailureText } from '../approval-errors';

export type DecisionAction = ApprovalDecision['action'];

function DelegatePicker({ id, value, onChange }: { id: string; value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const delegates = useApprovalDelegates(id);
  if (delegates.isPending) return <Skeleton variant="rectangular" height={40} />;
  if (delegates.isError) return <Alert severity="error">{t('approvals.delegatesLoadFailed')}</Alert>;
  if (delegates.data.length === 0) return <Alert severity="info">{t('approvals.noDelegates')}</Alert>;
  return (
    <TextField select required label={t('approvals.delegateTo')} value={value} onChange={(event) => onChange(event.target.value)}>
      {delegates.data.map((delegate) => (
        <MenuItem key={delegate.id} value={delegate.id}>
          {delegate.name} · {t(`roles.${delegate.role}`)} · {delegate.email}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Confirms approve, reject (with the reason the requester reads) or delegate (to an eligible
 * approver). The dialog's Idempotency-Key is made when it opens: a retried click answers the
 * first decision.
 */
export function DecisionDialog({ workflow, action, onClose }: { workflow: ApprovalWorkflow; action: DecisionAction; onClose: () => void }) {
  const { t } = useTranslation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [text, setText] = useState('');
  const [delegateTo, setDelegateTo] = useState('');
  const decide = useDecideApproval();
  const missing = (action === 'reject' && text.trim() === '') || (action === 'delegate' && delegateTo === '');
  const decision = (): ApprovalDecision => {
    const trimmed = text.trim();
    if (action === 'reject') return { action, reason: trimmed };
    if (action === 'delegate') return { action, delegateTo, ...(trimmed && { reason: trimmed }) };
    return { action, ...(trimmed && { comment: trimmed }) };
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="approval-decision-title" fullWidth maxWidth="sm">
      <DialogTitle id="approval-decision-title">{t(`approvals.decisions.${action}.title`)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          {workflow.summary} · {t('approvals.levelOf', { level: workflow.level, total: workflow.totalLevels })}
        </DialogContentText>
        {action === 'delegate' && <DelegatePicker id={workflow.id} value={delegateTo} onChange={setDelegateTo} />}
        <TextField
          autoFocus={action !== 'delegate'}
          multiline
          minRows={2}
          required={action === 'reject'}
          label={t(`approvals.decisions.${action}.text`)}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        {decide.isError && <Alert severity="error">{decisionFailureText(t, decide.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('approvals.cancel')}</Button>
        <Button
          variant="contained"
          color={action === 'reject' ? 'error' : 'primary'}
          disabled={decide.isPending || missing}
          onClick={() => decide.mutate({ id: workflow.id, idempotencyKey, decision: decision() }, { onSuccess: onClose })}
        >
          {t(`approvals.decisions.${action}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
