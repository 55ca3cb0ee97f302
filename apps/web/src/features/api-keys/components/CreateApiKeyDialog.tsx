import {
  API_KEY_DEFAULT_RATE_LIMITS,
  API_KEY_ENVIRONMENTS,
  API_KEY_PERMISSIONS,
  type ApiKeyEnvironment,
  type ApiKeyPermission,
  type ApiKeyWithSecret,
} from '@carbonledger/contracts';
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
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiKeyMessage } from '../api-key-messages';
import { useCreateApiKey } from '../api/create-api-key';

interface Draft {
  name: string;
  description: string;
  environment: ApiKeyEnvironment;
  permissions: ApiKeyPermission[];
  perMinute: string;
  perHour: string;
  perDay: string;
  ipWhitelist: string;
  /** datetime-local value, empty for no expiry. */
  expiresAt: string;
}

const EMPTY: Draft = {
  name: '',
  description: '',
  environment: 'production',
  permissions: ['transactions:read'],
  perMinute: String(API_KEY_DEFAULT_RATE_LIMITS.perMinute),
  perHour: String(API_KEY_DEFAULT_RATE_LIMITS.perHour),
  perDay: String(API_KEY_DEFAULT_RATE_LIMITS.perDay),
  ipWhitelist: '',
  expiresAt: '',
};

/** docs/product.md §3 API key fields; the answer (with the secret) goes to the caller, which shows it once. */
export function CreateApiKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: ApiKeyWithSecret) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const create = useCreateApiKey();
  const set = (name: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));
  const error = create.error instanceof ApiError ? create.error : null;
  const fieldError = (...names: string[]) =>
    names
      .flatMap((name) => error?.fields?.[name] ?? [])
      .map((message) => apiKeyMessage(t, message))
      .join(' ') || undefined;
  const togglePermission = (permission: ApiKeyPermission) =>
    setDraft((current) => ({
      ...current,
      permissions: current.permissions.includes(permission) ? current.permissions.filter((p) => p !== permission) : [...current.permissions, permission],
    }));

  const close = () => {
    create.reset();
    setDraft(EMPTY);
    onClose();
  };
  const submit = () => {
    create.mutate(
      {
        name: draft.name,
        description: draft.description || undefined,
        environment: draft.environment,
        permissions: draft.permissions,
        rateLimits: { perMinute: Number(draft.perMinute), perHour: Number(draft.perHour), perDay: Number(draft.perDay) },
        ipWhitelist: draft.ipWhitelist,
        expiresAt: draft.expiresAt ? new Date(draft.expiresAt).toISOString() : null,
      },
      {
        onSuccess: (created) => {
          create.reset();
          setDraft(EMPTY);
          onCreated(created);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('apiKeys.create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && !error.fields && <Alert severity="error">{apiKeyMessage(t, error.message)}</Alert>}
          <TextField
            label={t('apiKeys.fields.name')}
            value={draft.name}
            onChange={set('name')}
            required
            error={!!fieldError('name')}
            helperText={fieldError('name')}
          />
          <TextField
            label={t('apiKeys.fields.description')}
            value={draft.description}
            onChange={set('description')}
            multiline
            minRows={2}
            error={!!fieldError('description')}
            helperText={fieldError('description')}
          />
          <TextField select label={t('apiKeys.fields.environment')} value={draft.environment} onChange={set('environment')}>
            {API_KEY_ENVIRONMENTS.map((environment) => (
              <MenuItem key={environment} value={environment}>
                {t(`apiKeys.environments.${environment}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControl component="fieldset" error={!!fieldError('permissions') || draft.permissions.length === 0}>
            <FormLabel component="legend">{t('apiKeys.fields.permissions')}</FormLabel>
            <FormGroup>
              {API_KEY_PERMISSIONS.map((permission) => (
                <FormControlLabel
                  key={permission}
                  control={<Checkbox checked={draft.permissions.includes(permission)} onChange={() => togglePermission(permission)} />}
                  label={t(`apiKeys.permissions.${permission.replace(':', '_')}`)}
                />
              ))}
            </FormGroup>
            {draft.permissions.length === 0 && <FormHelperText>{t('apiKeys.texts.permissionsRequired')}</FormHelperText>}
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('apiKeys.fields.rateLimits')}</FormLabel>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
              {(['perMinute', 'perHour', 'perDay'] as const).map((window) => (
                <TextField
                  key={window}
                  type="number"
                  label={t(`apiKeys.fields.${window}`)}
                  value={draft[window]}
                  onChange={set(window)}
                  slotProps={{ htmlInput: { min: 1 } }}
                  error={!!fieldError(`rateLimits.${window}`)}
                  helperText={fieldError(`rateLimits.${window}`)}
                />
              ))}
            </Stack>
          </FormControl>
          <TextField
            label={t('apiKeys.fields.ipWhitelist')}
            value={draft.ipWhitelist}
            onChange={set('ipWhitelist')}
            placeholder="203.0.113.10, 198.51.100.0/24"
            error={!!fieldError('ipWhitelist')}
            helperText={fieldError('ipWhitelist') ?? t('apiKeys.fields.ipWhitelistHelp')}
          />
          <TextField
            type="datetime-local"
            label={t('apiKeys.fields.expiresAt')}
            value={draft.expiresAt}
            onChange={set('expiresAt')}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!fieldError('expiresAt')}
            helperText={fieldError('expiresAt') ?? t('apiKeys.fields.expiresAtHelp')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending || !draft.name.trim() || draft.permissions.length === 0}>
          {t('apiKeys.create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
