import { TENANT_THEMES, updateTenantBrandingRequest, type TenantSettings, type UpdateTenantBrandingRequest } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { translateCompanyMessage } from '../../../lib/company-messages';
import { BRAND } from '../../../lib/theme';
import { useSnackbar } from '../../../lib/toast';
import { useTenantSettings } from '../api/tenant-settings';
import { useUpdateBranding } from '../api/update-branding';
import { useUploadLogo } from '../api/upload-logo';

interface Look {
  theme: TenantSettings['theme'];
  primary: string;
  secondary: string;
  body: string;
  display: string;
  logoCid: string;
}
type Field = 'primary' | 'secondary' | 'body' | 'display' | 'logoCid';

const FIELD_OF_PATH: Record<string, Field> = {
  'branding.customColors.primary': 'primary',
  'branding.customColors.secondary': 'secondary',
  'branding.fonts.body': 'body',
  'branding.fonts.display': 'display',
  'branding.logoCid': 'logoCid',
};

function lookOf(settings: TenantSettings): Look {
  const { branding } = settings;
  return {
    theme: settings.theme,
    primary: branding.customColors?.primary ?? '',
    secondary: branding.customColors?.secondary ?? '',
    body: branding.fonts?.body ?? '',
    display: branding.fonts?.display ?? '',
    logoCid: branding.logoCid ?? '',
  };
}

const present = <T extends Record<string, string>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry.trim() !== '')) as Partial<T>;

function requestOf(look: Look): UpdateTenantBrandingRequest {
  const colours = present({ primary: look.primary, secondary: look.secondary });
  const fonts = present({ body: look.body, display: look.display });
  return {
    theme: look.theme,
    branding: {
      ...(Object.keys(colours).length ? { customColors: colours } : {}),
      ...(Object.keys(fonts).length ? { fonts } : {}),
      ...(look.logoCid ? { logoCid: look.logoCid } : {}),
    },
  };
}

function ColourField({
  label,
  value,
  fallback,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  fallback: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={t('settings.branding.picker', { label })}
        value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback}
        disabled={disabled}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
      />
      <TextField
        label={label}
        value={value}
        placeholder={fallback}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ? translateCompanyMessage(t, error) : t('settings.branding.colourHelp', { colour: fallback })}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 7 } }}
      />
    </Box>
  );
}

/**
 * The tenant's theme, colours, fonts and logo (docs/product.md §3 Tenant branding), for platform
 * administrators: saved, the web app's theme follows at once and certificate PDFs use them.
 */
export function BrandingCard() {
  const settings = useTenantSettings(true);
  const update = useUpdateBranding();
  const { t } = useTranslation();
  if (settings.isPending) return <Skeleton variant="rectangular" height={200} />;
  if (settings.isError) return <Alert severity="error">{translateCompanyMessage(t, settings.error.message)}</Alert>;
  return <BrandingForm key={JSON.stringify(settings.data)} settings={settings.data} update={update} />;
}

/** `update` belongs to the card, which outlives this form (remounted with each saved look): its answer still arrives. */
function BrandingForm({ settings, update }: { settings: TenantSettings; update: ReturnType<typeof useUpdateBranding> }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const uploadLogo = useUploadLogo();
  const fileInput = useRef<HTMLInputElement>(null);
  const [look, setLook] = useState<Look>(() => lookOf(settings));
  const [logoUrl, setLogoUrl] = useState<string | null>(settings.logoUrl);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = update.isPending || uploadLogo.isPending;

  const showErrors = (messages: [string, string | undefined][]) => {
    const found: Partial<Record<Field, string>> = {};
    for (const [path, message] of messages) {
      const field = FIELD_OF_PATH[path];
      if (field && message) found[field] ??= message;
    }
    setErrors(found);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const request = requestOf(look);
    const parsed = updateTenantBrandingRequest.safeParse(request);
    if (!parsed.success) return showErrors(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    setErrors({});
    update.mutate(request, {
      onSuccess: () => enqueueSnackbar(t('settings.branding.saved'), { variant: 'success' }),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) showErrors(Object.entries(error.fields).map(([path, messages]) => [path, messages[0]]));
        else setFailure(translateCompanyMessage(t, error.message));
      },
    });
  };

  const onLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    uploadLogo.mutate(file, {
      onSuccess: (stored) => {
        setLook((current) => ({ ...current, logoCid: stored.cid }));
        setLogoUrl(stored.url);
      },
      onError: (error) => setErrors({ logoCid: error.message }),
    });
  };

  const field = (name: 'body' | 'display') => ({
    value: look[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => setLook({ ...look, [name]: event.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name] ? translateCompanyMessage(t, errors[name]) : t('settings.branding.fontHelp'),
    fullWidth: true,
    slotProps: { htmlInput: { maxLength: 60 } },
  });

  return (
    <Card variant="outlined">
      <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {t('settings.branding.title', { tenant: settings.name })}
          </Typography>
          <Typography color="text.secondary">{t('settings.branding.help')}</Typography>
        </Box>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label={t('settings.branding.theme')}
            value={look.theme}
            disabled={busy}
            onChange={(event) => setLook({ ...look, theme: event.target.value as Look['theme'] })}
          >
            {TENANT_THEMES.map((theme) => (
              <MenuItem key={theme} value={theme}>
                {t(`settings.branding.themes.${theme}`)}
              </MenuItem>
            ))}
          </TextField>
          <span />
          <ColourField
            label={t('settings.branding.primary')}
            value={look.primary}
            fallback={BRAND.primary}
            error={errors.primary}
            disabled={busy}
            onChange={(primary) => setLook({ ...look, primary })}
          />
          <ColourField
            label={t('settings.branding.secondary')}
            value={look.secondary}
            fallback={BRAND.secondary}
            error={errors.secondary}
            disabled={busy}
            onChange={(secondary) => setLook({ ...look, secondary })}
          />
          <TextField label={t('settings.branding.bodyFont')} placeholder="Inter" {...field('body')} />
          <TextField label={t('settings.branding.displayFont')} placeholder="Inter" {...field('display')} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {logoUrl && look.logoCid ? (
            <Box component="img" src={logoUrl} alt={t('settings.branding.logoAlt')} sx={{ height: 48, maxWidth: 200, objectFit: 'contain' }} />
          ) : (
            <Typography color="text.secondary">{t('settings.branding.noLogo')}</Typography>
          )}
          <input ref={fileInput} type="file" accept="image/png,image/jpeg" hidden onChange={onLogo} aria-label={t('settings.branding.uploadLogo')} />
          <Button variant="outlined" disabled={busy} onClick={() => fileInput.current?.click()}>
            {t('settings.branding.uploadLogo')}
          </Button>
          {look.logoCid && (
            <Button disabled={busy} onClick={() => setLook({ ...look, logoCid: '' })}>
              {t('settings.branding.removeLogo')}
            </Button>
          )}
          {errors.logoCid && <Typography color="error">{translateCompanyMessage(t, errors.logoCid)}</Typography>}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <Button disabled={busy} onClick={() => setLook({ theme: 'light', primary: '', secondary: '', body: '', display: '', logoCid: '' })}>
            {t('settings.branding.reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('common.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
