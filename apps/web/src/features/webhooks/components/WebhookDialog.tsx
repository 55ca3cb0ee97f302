import { SUBSCRIBABLE_WEBHOOK_EVENTS, type Webhook, type WebhookEventType } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { eventNameKey, webhookMessage } from '../webhook-texts';

interface Draft {
  url: string;
  description: string;
  events: WebhookEventType[];
  signed: boolean;
}

const EMPTY: Draft = { url: '', description: '', events: [], signed: true };

/** Creates an endpoint (answering its secret once, to `onCreated`) or edits one: URL, description and the events it hears. */
export function WebhookDialog({
  open,
  editing,
  onClose,
  onCreated,
}: {
  open: boolean;
  editing: Webhook | null;
  onClose: () => void;
  onCreated: (secret: string | null) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [touched, setTouched] = useState(false);
  const busy = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const urlProblem = error instanceof ApiError ? error.fields?.url?.[0] : undefined;
  const eventsMissing = touched && draft.events.length === 0;

  const reset = () => {
    setDraft(editing ? { url: editing.url, description: editing.description, events: editing.events, signed: editing.signed } : EMPTY);
    setTouched(false);
    create.reset();
    update.reset();
  };

  const toggle = (type: WebhookEventType, checked: boolean) =>
    setDraft((current) => ({ ...current, events: checked ? [...current.events, type] : current.events.filter((event) => event !== type) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (draft.events.length === 0) return;
    if (editing) {
      update.mutate({ id: editing.id, changes: { url: draft.url, description: draft.description, events: draft.events } }, { onSuccess: onClose });
    } else {
      create.mutate(draft, {
        onSuccess: (result) => {
          onClose();
          onCreated(result.secret);
        },
      });
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth slotProps={{ transition: { onEnter: reset } }}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{editing ? t('webhooks.dialog.editTitle') : t('webhooks.dialog.createTitle')}</DialogTitle>
        <DialogContent>
          {error && !urlProblem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {webhookMessage(t, error.message)}
            </Alert>
          )}
          <TextField
            label={t('webhooks.dialog.url')}
            value={draft.url}
            onChange={(event) => setDraft({ ...draft, url: event.target.value })}
            required
            fullWidth
            margin="normal"
            type="url"
            placeholder="https://erp.example.com/carbonledger/webhooks"
            error={Boolean(urlProblem)}
            helperText={urlProblem ? webhookMessage(t, urlProblem) : t('webhooks.dialog.urlHelp')}
          />
          <TextField
            label={t('webhooks.dialog.description')}
            value={draft.description}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <FormControl component="fieldset" margin="normal" error={eventsMissing} required>
            <FormLabel component="legend">{t('webhooks.dialog.events')}</FormLabel>
            <FormGroup>
              {SUBSCRIBABLE_WEBHOOK_EVENTS.map((type) => (
                <FormControlLabel
                  key={type}
                  control={<Checkbox checked={draft.events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />}
                  label={`${t(eventNameKey(type))} (${type})`}
                />
              ))}
            </FormGroup>
            {eventsMissing && <FormHelperText>{t('webhooks.dialog.eventsRequired')}</FormHelperText>}
          </FormControl>
          {!editing && (
            <FormGroup>
              <FormControlLabel
                control={<Checkbox checked={draft.signed} onChange={(event) => setDraft({ ...draft, signed: event.target.checked })} />}
                label={t('webhooks.dialog.signed')}
              />
              <FormHelperText>{t('webhooks.dialog.signedHelp')}</FormHelperText>
            </FormGroup>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('webhooks.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {editing ? t('webhooks.dialog.save') : t('webhooks.dialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
