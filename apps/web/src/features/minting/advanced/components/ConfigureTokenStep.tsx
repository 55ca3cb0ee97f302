/*
 * Over 300 lines on purpose: one wizard step's form, whose fields validate against each other
 * (VCU block, quantity cap, wallet, preview) through one react-hook-form instance.
 */
import { mintingTexts, type CarbonProject, type CompanyWallet, type MintPreview, type Vcu } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { shortAddress } from '../../../../lib/chain-format';
import { currentLanguage } from '../../../../lib/i18n';
import { formatNumber } from '../../../../lib/format';
import { useProjectVcus } from '../../../../lib/project-vcus';
import { useMintWallets } from '../../../../lib/mint-wallets';
import { useMintPreview } from '../api/mint-preview';
import { isKnownMintMessage, mintFailureText, translateMintMessage } from '../mint-messages';
import { defaultVintage, mintableByVintage, suggestTokenConfig, tokenFormSchema, type TokenFormInput, type TokenFormOutput } from '../wizard-logic';
import { LogoField } from './LogoField';

/** Fields the server names in a refused preview, as form fields. */
const SERVER_FIELDS: readonly FieldPath<TokenFormInput>[] = ['quantity', 'vintage', 'tokenName', 'symbol', 'description', 'logoUrl', 'decimals', 'walletId'];
const REQUIRED: readonly FieldPath<TokenFormInput>[] = ['tokenName', 'symbol', 'quantity', 'walletId'];

export const EMPTY_TOKEN_FORM: TokenFormInput = { quantity: '', tokenName: '', symbol: '', description: '', logoUrl: '', decimals: 0, walletId: '' };

/** The form's context: available tCO2e per vintage, or null while unknown (the server's preview still caps then). */
interface CapContext {
  byVintage: ReadonlyMap<number, bigint> | null;
}

function capOf(byVintage: ReadonlyMap<number, bigint> | null, vintage: number | undefined): bigint | null {
  if (byVintage === null) return null;
  return vintage === undefined ? 0n : (byVintage.get(vintage) ?? 0n);
}

// Validation reads the cap of the vintage being submitted.
const resolver: Resolver<TokenFormInput, CapContext, TokenFormOutput> = (values, context, options) =>
  zodResolver(tokenFormSchema(capOf(context?.byVintage ?? null, values.vintage)))(values, context, options);

interface StepProps {
  project: CarbonProject;
  draft: TokenFormInput | null;
  connectedAddress: string | null;
  onBack: () => void;
  onPreviewed: (preview: MintPreview, draft: TokenFormInput) => void;
}

/**
 * Step 2: the token (docs/product.md §3 Token to mint). Waits for the VCUs the project can mint from and
 * the company's approved wallets, then starts the form from the last draft or from proposals:
 * the oldest vintage with units, a name and symbol from the project, the connected wallet.
 */
export function ConfigureTokenStep(props: StepProps) {
  const { t } = useTranslation();
  const vcus = useProjectVcus(props.project.id);
  const wallets = useMintWallets();
  // After a mint the cached VCUs are invalidated: wait for the fresh ones rather than show the old cap.
  const vcusOutdated = vcus.isFetching && vcus.isStale;
  if (vcus.isPending || vcusOutdated || wallets.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  return <TokenForm {...props} vcus={vcus.data ?? null} wallets={wallets.data ?? []} walletsFailed={wallets.isError} />;
}

/**
 * The quantity is capped at what the chosen vintage can mint from; Preview sends
 * the form to the server, which checks it again and reads the fees from the chain.
 */
function TokenForm({
  project,
  draft,
  connectedAddress,
  onBack,
  onPreviewed,
  vcus,
  wallets,
  walletsFailed,
}: StepProps & { vcus: Vcu[] | null; wallets: CompanyWallet[]; walletsFailed: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const preview = useMintPreview();
  const [alert, setAlert] = useState<string | null>(null);

  const byVintage = useMemo(() => mintableByVintage(vcus ?? [], project.id), [vcus, project.id]);
  const firstVintage = defaultVintage(byVintage);
  const suggestion = useMemo(() => suggestTokenConfig(project, firstVintage), [project, firstVintage]);
  const [defaults] = useState<TokenFormInput>(() => {
    if (draft) return draft;
    const wallet = wallets.find((candidate) => candidate.address === connectedAddress) ?? wallets.find((candidate) => candidate.primary) ?? wallets[0];
    return { ...EMPTY_TOKEN_FORM, ...suggestion, vintage: firstVintage ?? undefined, walletId: wallet?.id ?? '' };
  });

  const { control, register, handleSubmit, setValue, getValues, setError, formState } = useForm<TokenFormInput, CapContext, TokenFormOutput>({
    resolver,
    defaultValues: defaults,
    context: { byVintage: vcus === null ? null : byVintage },
  });
  const { errors } = formState;
  const vintage = useWatch({ control, name: 'vintage' });
  const logoUrl = useWatch({ control, name: 'logoUrl' });
  const max = capOf(vcus === null ? null : byVintage, vintage);

  // Contract and server texts in the user's language; zod's own wording (lengths, formats) becomes the field's hint.
  const fieldError = (name: FieldPath<TokenFormInput>) => {
    const message = errors[name as keyof typeof errors]?.message;
    if (!message) return undefined;
    return isKnownMintMessage(String(message)) ? translateMintMessage(t, String(message)) : t(`mintWizard.invalid.${name}`);
  };

  const onValid = (values: TokenFormOutput) => {
    setAlert(null);
    const input = getValues();
    preview.mutate(
      { ...values, projectId: project.id },
      {
        onSuccess: (result) => onPreviewed(result, input),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && error.fields) {
            for (const [field, messages] of Object.entries(error.fields)) {
              if ((SERVER_FIELDS as readonly string[]).includes(field) && messages[0]) setError(field as FieldPath<TokenFormInput>, { message: messages[0] });
            }
            setAlert(translateMintMessage(t, mintingTexts.validationFailed));
            return;
          }
          setAlert(mintFailureText(t, error, mintingTexts.previewFailed));
        },
      },
    );
  };

  const onInvalid = (invalid: Partial<Record<string, unknown>>) => {
    const missingRequired = REQUIRED.some((name) => name in invalid && `${getValues(name) ?? ''}`.trim() === '');
    setAlert(translateMintMessage(t, missingRequired ? mintingTexts.fillRequired : mintingTexts.validationFailed));
  };

  const noCredits = vcus !== null && byVintage.size === 0;
  const noWallets = !walletsFailed && wallets.length === 0;
  const vintages = [...byVintage.keys()];

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {t('mintWizard.configure.title', { project: project.name })}
      </Typography>
      {vcus === null && <Alert severity="error">{translateMintMessage(t, mintingTexts.errorLoadingVcus)}</Alert>}
      {walletsFailed && <Alert severity="error">{t('mintWizard.configure.walletsFailed')}</Alert>}
      {noCredits && <Alert severity="warning">{t('mintWizard.configure.noCredits')}</Alert>}
      {!draft && suggestion === null && <Alert severity="info">{translateMintMessage(t, mintingTexts.configGenerationFailed)}</Alert>}
      {noWallets && (
        <Alert severity="warning">
          {translateMintMessage(t, mintingTexts.walletNotApproved)}{' '}
          <Link component={RouterLink} to="/wallets">
            {t('mintWizard.configure.goToWallets')}
          </Link>
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label={t('mintWizard.configure.tokenName')}
            required
            fullWidth
            error={Boolean(errors.tokenName)}
            helperText={fieldError('tokenName') ?? t('mintWizard.configure.tokenNameHint')}
            {...register('tokenName')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label={t('mintWizard.configure.symbol')}
            required
            fullWidth
            error={Boolean(errors.symbol)}
            helperText={fieldError('symbol') ?? t('mintWizard.configure.symbolHint')}
            {...register('symbol')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label={t('mintWizard.configure.quantity')}
            required
            fullWidth
            inputMode="numeric"
            error={Boolean(errors.quantity)}
            helperText={
              <span data-testid="quantity-hint">
                {fieldError('quantity') ? `${fieldError('quantity')} ` : ''}
                {max !== null ? t('mintWizard.configure.atMost', { max: formatNumber(max, language) }) : ''}
              </span>
            }
            {...register('quantity')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {vintages.length > 1 ? (
            <Controller
              control={control}
              name="vintage"
              render={({ field }) => (
                <TextField
                  select
                  label={t('mintWizard.configure.vintage')}
                  fullWidth
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  helperText={t('mintWizard.configure.vintageHint')}
                >
                  {vintages.map((year) => (
                    <MenuItem key={year} value={year}>
                      {t('mintWizard.configure.vintageOption', { year, units: formatNumber(byVintage.get(year) ?? 0n, language) })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : (
            <TextField label={t('mintWizard.configure.vintage')} fullWidth value={vintage ?? project.vintage} slotProps={{ input: { readOnly: true } }} />
          )}
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('mintWizard.configure.description')}
            fullWidth
            multiline
            minRows={2}
            error={Boolean(errors.description)}
            helperText={fieldError('description') ?? t('mintWizard.configure.descriptionHint')}
            {...register('description')}
          />
        </Grid>
        <Grid size={12}>
          <LogoField
            logoUrl={typeof logoUrl === 'string' ? logoUrl : ''}
            onUploaded={(url) => setValue('logoUrl', url, { shouldValidate: true })}
            urlInput={
              <TextField
                label={t('mintWizard.configure.logoUrl')}
                fullWidth
                error={Boolean(errors.logoUrl)}
                helperText={fieldError('logoUrl') ?? t('mintWizard.configure.logoUrlHint')}
                {...register('logoUrl')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label={t('mintWizard.configure.decimals')}
            type="number"
            fullWidth
            error={Boolean(errors.decimals)}
            helperText={fieldError('decimals') ?? t('mintWizard.configure.decimalsHint')}
            {...register('decimals', { valueAsNumber: true })}
            slotProps={{ htmlInput: { min: 0, max: 9 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label={t('mintWizard.configure.mintAuthority')}
            fullWidth
            value={t('mintWizard.configure.platformIssuer')}
            helperText={t('mintWizard.configure.mintAuthorityHint')}
            slotProps={{ input: { readOnly: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label={t('mintWizard.configure.method')}
            fullWidth
            value={t('mintWizard.configure.nonCustodial')}
            helperText={t('mintWizard.configure.methodHint')}
            slotProps={{ input: { readOnly: true } }}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="walletId"
            render={({ field }) => (
              <TextField
                select
                label={t('mintWizard.configure.wallet')}
                required
                fullWidth
                value={wallets.some((wallet) => wallet.id === field.value) ? field.value : ''}
                onChange={field.onChange}
                error={Boolean(errors.walletId)}
                helperText={fieldError('walletId') ?? t('mintWizard.configure.walletHint')}
              >
                {wallets.map((wallet) => (
                  <MenuItem key={wallet.id} value={wallet.id}>
                    {`${wallet.name ?? t('mintWizard.configure.unnamedWallet')} · ${shortAddress(wallet.address)}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      </Grid>
      {alert && (
        <Alert severity="error" role="alert">
          {alert}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Button onClick={onBack}>{t('mintWizard.back')}</Button>
        <Button type="submit" variant="contained" disabled={preview.isPending || noCredits}>
          {preview.isPending ? t('mintWizard.configure.previewing') : t('mintWizard.configure.preview')}
        </Button>
      </Box>
    </Box>
  );
}
