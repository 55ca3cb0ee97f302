import { updateBlockchainSettingsRequest, type BlockchainSettings, type PriorityFeeMode, type PriorityFeePolicy } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../lib/toast';
import { useUpdateBlockchainSettings } from '../api/update-blockchain-settings';
import { bpsToPercent, percentToBps, priorityLamports } from './blockchain-form';

interface FeeForm {
  mode: PriorityFeeMode;
  microLamports: string;
  percentile: string;
  maxMicroLamports: string;
  computeUnitLimit: string;
  slippage: string;
}

function formOf(settings: BlockchainSettings): FeeForm {
  const fee = settings.priorityFee;
  return {
    mode: fee.mode,
    microLamports: fee.mode === 'fixed' ? String(fee.microLamports) : '0',
    percentile: fee.mode === 'percentile' ? String(fee.percentile) : '75',
    maxMicroLamports: fee.mode === 'percentile' ? String(fee.maxMicroLamports) : '100000',
    computeUnitLimit: String(fee.computeUnitLimit),
    slippage: bpsToPercent(settings.slippageToleranceBps),
  };
}

const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function policyOf(form: FeeForm): PriorityFeePolicy {
  const computeUnitLimit = whole(form.computeUnitLimit);
  return form.mode === 'fixed'
    ? { mode: 'fixed', microLamports: whole(form.microLamports), computeUnitLimit }
    : { mode: 'percentile', percentile: whole(form.percentile), maxMicroLamports: whole(form.maxMicroLamports), computeUnitLimit };
}

/** The priority-fee policy the next mint preview prices with, and the slippage tolerance purchases will be quoted with. */
export function PriorityFeeCard({ settings }: { settings: BlockchainSettings }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateBlockchainSettings();
  const [form, setForm] = useState(() => formOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof FeeForm) => (event: React.ChangeEvent<HTMLInputElement>) => setForm((current) => ({ ...current, [field]: event.target.value }));

  const policy = policyOf(form);
  const price = policy.mode === 'fixed' ? policy.microLamports : policy.maxMicroLamports;
  const estimate = Number.isFinite(price) && Number.isFinite(policy.computeUnitLimit) ? priorityLamports(policy.computeUnitLimit, price) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const slippageToleranceBps = percentToBps(form.slippage) ?? Number.NaN;
    const parsed = updateBlockchainSettingsRequest.safeParse({ priorityFee: policy, slippageToleranceBps });
    if (!parsed.success) {
      const fieldOf = (path: PropertyKey[]) => (path[0] === 'slippageToleranceBps' ? 'slippage' : String(path[1] ?? 'mode'));
      return setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [fieldOf(issue.path), t('settings.blockchain.invalid')])));
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => enqueueSnackbar(t('settings.blockchain.saved'), { variant: 'success' }),
      onError: (error) => setFailure(error.message),
    });
  };

  const field = (name: keyof FeeForm, label: string, help?: string) => (
    <TextField
      name={name}
      label={label}
      value={form[name]}
      onChange={set(name)}
      error={name in errors}
      helperText={errors[name] ?? help}
      slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
      size="small"
    />
  );

  return (
    <Card variant="outlined">
      <CardContent component="form" noValidate onSubmit={onSubmit} aria-label={t('settings.blockchain.fee.title')}>
        <Typography variant="h6">{t('settings.blockchain.fee.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('settings.blockchain.fee.description')}
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <TextField select name="mode" label={t('settings.blockchain.fee.mode')} value={form.mode} onChange={set('mode')} size="small">
            <MenuItem value="fixed">{t('settings.blockchain.fee.modes.fixed')}</MenuItem>
            <MenuItem value="percentile">{t('settings.blockchain.fee.modes.percentile')}</MenuItem>
          </TextField>
          {form.mode === 'fixed' ? (
            field('microLamports', t('settings.blockchain.fee.microLamports'))
          ) : (
            <>
              {field('percentile', t('settings.blockchain.fee.percentile'))}
              {field('maxMicroLamports', t('settings.blockchain.fee.maxMicroLamports'))}
            </>
          )}
          {field('computeUnitLimit', t('settings.blockchain.fee.computeUnitLimit'))}
          {field('slippage', t('settings.blockchain.slippage'), t('settings.blockchain.slippageHelp'))}
        </Box>
        <Typography variant="body2" sx={{ mt: 2 }} aria-live="polite">
          {estimate === null
            ? t('settings.blockchain.invalid')
            : t(form.mode === 'fixed' ? 'settings.blockchain.fee.estimateFixed' : 'settings.blockchain.fee.estimateMax', { lamports: estimate.toString() })}
        </Typography>
        <Button type="submit" variant="contained" loading={update.isPending} sx={{ mt: 2 }}>
          {t('settings.blockchain.save')}
        </Button>
      </CardContent>
    </Card>
  );
}
