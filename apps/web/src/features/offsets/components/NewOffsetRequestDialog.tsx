import { RETIREMENT_REASONS, utcToday, type CreateOffsetRequest, type OffsetSourcing, type RetirementReason } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCreateOffsetRequest } from '../api/create-offset-request';
import { useManagedHoldings } from '../api/managed-holdings';
import { useOffsetTokens } from '../api/offset-tokens';
import { offsetMessage } from '../offset-messages';

interface Draft {
  sourcing: OffsetSourcing;
  tokenMint: string;
  walletAddress: string;
  quantity: string;
  beneficiaryName: string;
  purpose: string;
  reason: RetirementReason;
  country: string;
  requestedDate: string;
}

const EMPTY: Draft = {
  sourcing: 'own_credits',
  tokenMint: '',
  walletAddress: '',
  quantity: '',
  beneficiaryName: '',
  purpose: '',
  reason: 'voluntary_offset',
  country: '',
  requestedDate: '',
};

/** What the requester asks for: credits of a project token retired on behalf of a beneficiary, from a managed wallet or sourced by the platform. */
export function NewOffsetRequestDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, requestedDate: utcToday() });
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const tokens = useOffsetTokens(open);
  const holdings = useManagedHoldings(open && draft.sourcing === 'own_credits');
  const create = useCreateOffsetRequest();
  const set = (name: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));
  const error = create.error instanceof ApiError ? create.error : null;
  const fieldError = (name: string) => error?.fields?.[name]?.map((message) => offsetMessage(t, message)).join(' ');
  const own = draft.sourcing === 'own_credits';
  const wallets = (holdings.data ?? []).filter((holding) => holding.mint === draft.tokenMint);

  const close = () => {
    create.reset();
    setDraft({ ...EMPTY, requestedDate: utcToday() });
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };
  const submit = () => {
    const request: CreateOffsetRequest = {
      sourcing: draft.sourcing,
      tokenMint: draft.tokenMint,
      walletAddress: own ? draft.walletAddress || undefined : undefined,
      quantity: draft.quantity.trim(),
      beneficiaryName: draft.beneficiaryName,
      purpose: draft.purpose,
      reason: draft.reason,
      country: draft.country,
      requestedDate: draft.requestedDate,
    };
    create.mutate(
      { request, idempotencyKey },
      {
        onSuccess: () => {
          onCreated();
          close();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="new-offset-title">
      <DialogTitle id="new-offset-title">{t('offsets.form.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && !error.fields && <Alert severity="error">{offsetMessage(t, error.message)}</Alert>}
          <RadioGroup
            row
            value={draft.sourcing}
            onChange={(event) => setDraft({ ...draft, sourcing: event.target.value as OffsetSourcing, walletAddress: '' })}
          >
            <FormControlLabel value="own_credits" control={<Radio />} label={t('offsets.sourcing.own_credits')} />
            <FormControlLabel value="platform_sourced" control={<Radio />} label={t('offsets.sourcing.platform_sourced')} />
          </RadioGroup>
          <TextField
            select
            label={t('offsets.form.token')}
            value={draft.tokenMint}
            onChange={(event) => setDraft({ ...draft, tokenMint: event.target.value, walletAddress: '' })}
            error={Boolean(fieldError('tokenMint'))}
            helperText={fieldError('tokenMint') ?? (tokens.isError ? offsetMessage(t, tokens.error.message) : undefined)}
          >
            {(tokens.data ?? []).map((token) => (
              <MenuItem key={token.mint} value={token.mint}>
                {token.symbol} · {token.name} ({token.vintage})
              </MenuItem>
            ))}
          </TextField>
          {own && (
            <TextField
              select
              label={t('offsets.form.wallet')}
              value={draft.walletAddress}
              onChange={set('walletAddress')}
              error={Boolean(fieldError('walletAddress'))}
              helperText={
                fieldError('walletAddress') ?? (draft.tokenMint && wallets.length === 0 ? t('offsets.form.noManagedHolding') : t('offsets.form.walletHelp'))
              }
            >
              {wallets.map((holding) => (
                <MenuItem key={holding.walletAddress} value={holding.walletAddress}>
                  {holding.walletAddress.slice(0, 8)}… · {t('offsets.form.held', { amount: holding.heldAmount })}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={t('offsets.form.quantity')}
            value={draft.quantity}
            onChange={set('quantity')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={Boolean(fieldError('quantity'))}
            helperText={fieldError('quantity')}
          />
          <TextField
            label={t('offsets.form.beneficiary')}
            value={draft.beneficiaryName}
            onChange={set('beneficiaryName')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            error={Boolean(fieldError('beneficiaryName'))}
            helperText={fieldError('beneficiaryName')}
          />
          <TextField
            label={t('offsets.form.purpose')}
            value={draft.purpose}
            onChange={set('purpose')}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            error={Boolean(fieldError('purpose'))}
            helperText={fieldError('purpose') ?? t('offsets.form.purposeHelp')}
          />
          <TextField select label={t('offsets.form.reason')} value={draft.reason} onChange={set('reason')}>
            {RETIREMENT_REASONS.map((reason) => (
              <MenuItem key={reason} value={reason}>
                {t(`retirements.reasons.${reason}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('offsets.form.country')}
              value={draft.country}
              onChange={set('country')}
              slotProps={{ htmlInput: { maxLength: 2 } }}
              error={Boolean(fieldError('country'))}
              helperText={fieldError('country') ?? t('offsets.form.countryHelp')}
              sx={{ flex: 1 }}
            />
            <TextField
              type="date"
              label={t('offsets.form.requestedDate')}
              value={draft.requestedDate}
              onChange={set('requestedDate')}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(fieldError('requestedDate'))}
              helperText={fieldError('requestedDate') ?? t('offsets.form.requestedDateHelp')}
              sx={{ flex: 1 }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('offsets.form.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending || !draft.tokenMint}>
          {t('offsets.form.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
