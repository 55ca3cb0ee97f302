import { PROJECT_TYPES, updateMintingSettingsRequest, type MintingSettings, type ProjectType } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../lib/toast';
import { useMintingSettings } from '../api/minting-settings';
import { useUpdateMintingSettings } from '../api/update-minting-settings';
import { centsToUsd, usdToCents } from './blockchain-form';

type PriceForm = Record<ProjectType, string>;

/**
 * The form is keyed by the saved settings, so a save remounts it with the new values; the
 * mutation lives in the card, which stays mounted, so the save's own success and failure
 * callbacks still run after the remount.
 */
function MintingForm({ settings, update }: { settings: MintingSettings; update: ReturnType<typeof useUpdateMintingSettings> }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [limit, setLimit] = useState(settings.approvalLimit);
  const [prices, setPrices] = useState<PriceForm>(
    () => Object.fromEntries(PROJECT_TYPES.map((type) => [type, centsToUsd(settings.pricesUsdCents[type] ?? 0)])) as PriceForm,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const pricesUsdCents = Object.fromEntries(PROJECT_TYPES.map((type) => [type, usdToCents(prices[type]) ?? -1]));
    const changes = { approvalLimit: limit.trim(), pricesUsdCents };
    const parsed = updateMintingSettingsRequest.safeParse(changes);
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path.at(-1)), t('settings.blockchain.invalid')])));
    setErrors({});
    update.mutate(changes, {
      onSuccess: () => enqueueSnackbar(t('settings.blockchain.saved'), { variant: 'success' }),
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('settings.blockchain.minting.title')}>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <TextField
        name="approvalLimit"
        label={t('settings.blockchain.minting.approvalLimit')}
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
        error={'approvalLimit' in errors}
        helperText={errors.approvalLimit ?? t('settings.blockchain.minting.approvalLimitHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 18 } }}
        size="small"
        sx={{ mb: 1, minWidth: 260 }}
      />
      <Typography variant="body2" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/approvals">
          {t('settings.blockchain.minting.matrixLink')}
        </Link>
      </Typography>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('settings.blockchain.minting.prices')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {PROJECT_TYPES.map((type) => (
          <TextField
            key={type}
            name={`price-${type}`}
            label={t('settings.blockchain.minting.priceOf', { type: t(`projects.types.${type}`) })}
            value={prices[type]}
            onChange={(event) => setPrices((current) => ({ ...current, [type]: event.target.value }))}
            error={type in errors}
            helperText={errors[type]}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 11 } }}
            size="small"
          />
        ))}
      </Box>
      <Button type="submit" variant="contained" loading={update.isPending} sx={{ mt: 2 }}>
        {t('settings.blockchain.save')}
      </Button>
    </Box>
  );
}

/** The minting approval limit and price list (PUT /minting/settings); the approval levels above the limit live in the delegation matrix. */
export function MintingSettingsCard() {
  const { t } = useTranslation();
  const settings = useMintingSettings();
  const update = useUpdateMintingSettings();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 2 }}>
          {t('settings.blockchain.minting.title')}
        </Typography>
        {settings.isPending && <Skeleton variant="rounded" height={160} />}
        {settings.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                {t('settings.blockchain.retry')}
              </Button>
            }
          >
            {t('settings.blockchain.loadFailed')}
          </Alert>
        )}
        {settings.data && <MintingForm key={JSON.stringify(settings.data)} settings={settings.data} update={update} />}
      </CardContent>
    </Card>
  );
}
