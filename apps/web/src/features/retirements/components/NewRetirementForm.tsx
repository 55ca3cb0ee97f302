import {
  ISO_COUNTRY_CODES,
  RETIREMENT_REASONS,
  type CompanySummary,
  type CreateRetirementRequest,
  type Language,
  type PortfolioHolding,
} from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount, shortAddress } from '../../../lib/chain-format';
import { countryName } from '../../../lib/format';
import {
  EMPTY_RETIREMENT_FORM,
  heldTonnes,
  holdingKey,
  retirementFormSchema,
  toCreateRequest,
  type RetirementFormOutput,
  type RetirementFormValues,
} from '../retirement-form';
import { retirementGuards } from '../retirement-guards';
import { isRetirementText, translateRetirementMessage } from '../retirement-messages';
import { RetirementGuardAlerts } from './RetirementGuardAlerts';
import { currentLanguage } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

export interface NewRetirementFormProps {
  companies: readonly CompanySummary[];
  /** The selected company's holdings (the page reads them for the company the form has selected). */
  holdings: readonly PortfolioHolding[];
  holdingsLoading: boolean;
  defaultCompanyId: string;
  /** The browser wallet's address, null when none is connected. */
  connectedAddress: string | null;
  busy: boolean;
  onConnect: () => void;
  onCompanyChange: (companyId: string) => void;
  onSubmit: (request: CreateRetirementRequest) => void;
  /** Values the form opens with, e.g. a retire-first suggestion of the dashboard (/retirements?holding=…&amount=…). */
  prefill?: Partial<Pick<RetirementFormValues, 'holding' | 'amount'>>;
}

/** Native selects: light, keyboard- and screen-reader-friendly, and long lists (countries) scroll natively. */
const NATIVE_SELECT = { select: true, slotProps: { select: { native: true }, inputLabel: { shrink: true } } } as const;

function countryOptions(language: Language): { code: string; name: string }[] {
  return [...ISO_COUNTRY_CODES].map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => a.name.localeCompare(b.name, language));
}

/** docs/product.md §2 new retirement: token, amount in tCO2e, reason, location, memo, beneficiary, company, schedule toggle; Retire now or Schedule. */
export function NewRetirementForm({
  companies,
  holdings,
  holdingsLoading,
  defaultCompanyId,
  connectedAddress,
  busy,
  onConnect,
  onCompanyChange,
  onSubmit,
  prefill,
}: NewRetirementFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const schema = useMemo(() => retirementFormSchema(holdings), [holdings]);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RetirementFormValues, unknown, RetirementFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { ...EMPTY_RETIREMENT_FORM, companyId: defaultCompanyId, ...prefill },
  });
  const [companyId, holdingValue, schedule] = useWatch({ control, name: ['companyId', 'holding', 'schedule'] });
  const company = companies.find((candidate) => candidate.id === companyId);
  useEffect(() => onCompanyChange(companyId), [companyId, onCompanyChange]);
  const holding = holdings.find((candidate) => holdingKey(candidate) === holdingValue);
  const guards = retirementGuards({ connectedAddress, holding, company });
  const countries = useMemo(() => countryOptions(language), [language]);
  // MUI fields take the input element's ref as inputRef.
  const field = (name: Exclude<keyof RetirementFormValues, 'schedule'>) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref };
  };

  // A rule the contract words (not enough tokens, a past time) reads as its text; any other says what the field needs.
  const errorText = (error: FieldError | undefined, fallbackKey: string) =>
    error ? (error.message && isRetirementText(error.message) ? translateRetirementMessage(t, error.message) : t(fallbackKey)) : undefined;

  // Retiring now burns the tokens for good, so the user reads what will burn before it does; a
  // scheduled retirement can still be cancelled and goes straight through.
  const [confirming, setConfirming] = useState<{ request: CreateRetirementRequest; holding: PortfolioHolding } | null>(null);
  const submit = handleSubmit((values) => {
    const chosen = holdings.find((candidate) => holdingKey(candidate) === values.holding);
    if (!chosen) return;
    const request = toCreateRequest(values, chosen);
    if (values.schedule) onSubmit(request);
    else setConfirming({ request, holding: chosen });
  });

  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('retirements.form.title')}
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
          <RetirementGuardAlerts guards={guards} company={company} onConnect={onConnect} />
        </Box>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label={t('retirements.form.title')}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}
        >
          <TextField
            {...field('companyId')}
            {...NATIVE_SELECT}
            label={t('retirements.form.company')}
            disabled={companies.length < 2}
            error={Boolean(errors.companyId)}
            helperText={errorText(errors.companyId, 'retirements.form.errors.company')}
          >
            {companies.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </TextField>
          <TextField
            {...field('holding')}
            {...NATIVE_SELECT}
            label={t('retirements.form.token')}
            error={Boolean(errors.holding)}
            helperText={
              errors.holding
                ? t('retirements.form.errors.token')
                : holdingsLoading
                  ? t('common.loading')
                  : holdings.length === 0
                    ? t('retirements.form.noHoldings')
                    : undefined
            }
          >
            <option value="" />
            {holdings.map((option) => (
              <option key={holdingKey(option)} value={holdingKey(option)}>
                {t('retirements.form.tokenOption', {
                  symbol: option.symbol,
                  project: option.projectName ?? option.tokenName,
                  vintage: option.vintage ?? '—',
                  held: formatTokenAmount(option.heldAmount, option.decimals),
                  wallet: shortAddress(option.walletAddress),
                })}
              </option>
            ))}
          </TextField>
          <TextField
            {...field('amount')}
            label={t('retirements.form.amount')}
            inputMode="numeric"
            error={Boolean(errors.amount)}
            helperText={
              errorText(errors.amount, 'retirements.form.errors.amount') ??
              (holding ? t('retirements.form.amountMax', { max: heldTonnes(holding).toString() }) : undefined)
            }
            slotProps={{ htmlInput: { min: 1, max: holding ? heldTonnes(holding).toString() : undefined } }}
          />
          <TextField
            {...field('reason')}
            {...NATIVE_SELECT}
            label={t('retirements.form.reason')}
            error={Boolean(errors.reason)}
            helperText={errors.reason ? t('retirements.form.errors.reason') : undefined}
          >
            <option value="" />
            {RETIREMENT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`retirements.reasons.${reason}`)}
              </option>
            ))}
          </TextField>
          <TextField
            {...field('country')}
            {...NATIVE_SELECT}
            label={t('retirements.form.country')}
            error={Boolean(errors.country)}
            helperText={errors.country ? t('retirements.form.errors.country') : undefined}
          >
            <option value="" />
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </TextField>
          <TextField
            {...field('subdivision')}
            label={t('retirements.form.subdivision')}
            error={Boolean(errors.subdivision)}
            helperText={errors.subdivision ? t('retirements.form.errors.subdivision') : t('retirements.form.subdivisionHint')}
          />
          <TextField
            {...field('beneficiaryName')}
            label={t('retirements.form.beneficiary')}
            error={Boolean(errors.beneficiaryName)}
            helperText={errors.beneficiaryName ? t('retirements.form.errors.beneficiary') : undefined}
          />
          <TextField
            {...field('memo')}
            label={t('retirements.form.memo')}
            error={Boolean(errors.memo)}
            helperText={errors.memo ? t('retirements.form.errors.memo') : undefined}
          />
          <Controller
            control={control}
            name="schedule"
            render={({ field: { value, onChange, ...toggle } }) => (
              <FormControlLabel
                control={<Switch {...toggle} checked={value} onChange={(event) => onChange(event.target.checked)} />}
                label={t('retirements.form.schedule')}
              />
            )}
          />
          {schedule && (
            <TextField
              {...field('executeAt')}
              type="datetime-local"
              label={t('retirements.form.executeAt')}
              error={Boolean(errors.executeAt)}
              helperText={errorText(errors.executeAt, 'retirements.form.errors.executeAt')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
            />
          )}
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={busy || !guards.canRetire}>
              {busy ? t('retirements.form.working') : schedule ? t('retirements.form.scheduleButton') : t('retirements.form.retireNow')}
            </Button>
          </Box>
        </Box>
      </CardContent>
      <ConfirmDialog
        confirmation={
          confirming && {
            title: t('retirements.confirm.title'),
            consequence: t('retirements.confirm.burn', {
              amount: confirming.request.amount,
              symbol: confirming.holding.symbol,
              project: confirming.holding.projectName ?? confirming.holding.tokenName,
              wallet: confirming.holding.walletAddress,
              beneficiary: confirming.request.beneficiaryName,
            }),
            confirmLabel: t('retirements.confirm.action', { amount: confirming.request.amount, symbol: confirming.holding.symbol }),
          }
        }
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) onSubmit(confirming.request);
          setConfirming(null);
        }}
      />
    </Card>
  );
}
