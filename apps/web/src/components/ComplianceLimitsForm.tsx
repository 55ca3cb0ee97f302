import { KYC_TIERS, updateComplianceProfileRequest, type ComplianceProfile, type KycTier, type UpdateComplianceProfileRequest } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Field = 'dailyLimit' | 'monthlyLimit';

/** The text keys of the contract's own refusals, so they show in the reader's language. */
const MESSAGE_KEYS: Record<string, string> = {
  'The limit is higher than the tier allows.': 'compliance.form.overTierBound',
  'The daily limit cannot be higher than the monthly limit.': 'compliance.form.dailyOverMonthly',
};

/**
 * An officer sets the company's tier and limits within the tier's platform bounds (the
 * contract's rules, checked here before sending and again by the API).
 */
export function ComplianceLimitsForm({
  profile,
  pending,
  failure,
  fieldErrors,
  onSave,
}: {
  profile: ComplianceProfile;
  pending: boolean;
  failure: string | null;
  fieldErrors?: Partial<Record<Field, string>>;
  onSave: (request: UpdateComplianceProfileRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const [tier, setTier] = useState<KycTier>(profile.kycTier);
  const [daily, setDaily] = useState(profile.dailyLimit);
  const [monthly, setMonthly] = useState(profile.monthlyLimit);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const shown = { ...fieldErrors, ...errors };
  const bounds = profile.tierBounds[tier];
  const translate = (message: string | undefined) => (message ? (MESSAGE_KEYS[message] ? t(MESSAGE_KEYS[message]) : message) : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateComplianceProfileRequest.safeParse({ kycTier: tier, dailyLimit: Number(daily), monthlyLimit: Number(monthly) });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.code === 'custom' ? issue.message : t('compliance.form.wholeNumber');
      }
      return setErrors(next);
    }
    setErrors({});
    onSave(parsed.data);
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-label={t('compliance.form.title')}>
      <Typography variant="subtitle1" component="h3">
        {t('compliance.form.title')}
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <TextField select label={t('compliance.form.tier')} value={tier} onChange={(event) => setTier(event.target.value as KycTier)} disabled={pending}>
          {KYC_TIERS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`compliance.tiers.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('compliance.form.dailyLimit')}
          value={daily}
          onChange={(event) => setDaily(event.target.value)}
          inputMode="numeric"
          disabled={pending}
          error={Boolean(shown.dailyLimit)}
          helperText={translate(shown.dailyLimit) ?? t('compliance.form.upTo', { max: bounds.daily.toLocaleString(i18n.language) })}
        />
        <TextField
          label={t('compliance.form.monthlyLimit')}
          value={monthly}
          onChange={(event) => setMonthly(event.target.value)}
          inputMode="numeric"
          disabled={pending}
          error={Boolean(shown.monthlyLimit)}
          helperText={translate(shown.monthlyLimit) ?? t('compliance.form.upTo', { max: bounds.monthly.toLocaleString(i18n.language) })}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={pending}>
          {t('compliance.form.save')}
        </Button>
      </Box>
    </Box>
  );
}
