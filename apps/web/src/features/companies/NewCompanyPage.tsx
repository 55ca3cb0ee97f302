import {
  actsForWholeTenant,
  createCompanyRequest,
  createTenantRequest,
  type CreateCompanyRequest,
  type CreateTenantRequest,
  type TenantCreated,
} from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  CompanyFields,
  EMPTY_COMPANY_FORM,
  companyFormErrors,
  companyRequestOf,
  type CompanyFormErrors,
  type CompanyFormValues,
} from '../../components/CompanyFields';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';
import { translateCompanyMessage } from '../../lib/company-messages';
import { useSnackbar } from '../../lib/toast';
import { useCreateCompany } from './api/create-company';
import { useCreateTenant } from './api/create-tenant';

interface Extra {
  inviteAdministrator: boolean;
  adminEmail: string;
  adminFirstName: string;
  adminLastName: string;
  newTenant: boolean;
  tenantName: string;
  tenantSlug: string;
}
type ExtraField = 'adminEmail' | 'adminFirstName' | 'adminLastName' | 'tenantName' | 'tenantSlug';

const EXTRA: Extra = { inviteAdministrator: true, adminEmail: '', adminFirstName: '', adminLastName: '', newTenant: false, tenantName: '', tenantSlug: '' };
const EXTRA_OF_PATH: Record<string, ExtraField> = {
  'administrator.email': 'adminEmail',
  'administrator.firstName': 'adminFirstName',
  'administrator.lastName': 'adminLastName',
  name: 'tenantName',
  slug: 'tenantSlug',
};

/**
 * /companies/new (docs/product.md §2): a platform administrator onboards a customer company —
 * legal name, tax ID, country, address, contacts — and invites its first administrator. A
 * SUPER_ADMIN of the platform company may instead make it the first company of a new tenant.
 */
export default function NewCompanyPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAuthStore((state) => state.user);
  const company = useAuthStore((state) => state.company);
  const createCompany = useCreateCompany();
  const createTenant = useCreateTenant();
  const [values, setValues] = useState<CompanyFormValues>(EMPTY_COMPANY_FORM);
  const [extra, setExtra] = useState<Extra>(EXTRA);
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const [extraErrors, setExtraErrors] = useState<Partial<Record<ExtraField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [tenantMade, setTenantMade] = useState<TenantCreated | null>(null);
  const pending = createCompany.isPending || createTenant.isPending;

  if (!user) return null;
  if (!actsForWholeTenant(user.role)) {
    return (
      <Box>
        <PageHeader title={name} />
        <Alert severity="info">
          <AlertTitle>{t('companies.new.administratorsOnly')}</AlertTitle>
          {t('companies.new.administratorsOnlyHelp')}
        </Alert>
      </Box>
    );
  }
  const createsTenants = user.role === 'SUPER_ADMIN' && company?.isPlatform === true;
  const tenantMode = createsTenants && extra.newTenant;

  const showErrors = (messages: Record<string, string | undefined>) => {
    setErrors(companyFormErrors(messages, tenantMode ? 'company.' : ''));
    const found: Partial<Record<ExtraField, string>> = {};
    for (const [path, message] of Object.entries(messages)) {
      const field = EXTRA_OF_PATH[path];
      // In a tenant request `name` is the tenant's; in a company request it is the company's.
      if (field && message && (tenantMode || !field.startsWith('tenant'))) found[field] ??= message;
    }
    setExtraErrors(found);
  };

  const onError = (error: Error) => {
    if (error instanceof ApiError && error.is('COMPANY__TAX_ID_TAKEN')) showErrors({ [tenantMode ? 'company.taxId' : 'taxId']: error.message });
    else if (error instanceof ApiError && error.is('USER__EMAIL_TAKEN')) showErrors({ 'administrator.email': error.message });
    else if (error instanceof ApiError && error.is('TENANT__SLUG_TAKEN')) showErrors({ slug: error.message });
    else if (error instanceof ApiError && error.fields)
      showErrors(Object.fromEntries(Object.entries(error.fields).map(([path, messages]) => [path, messages[0]])));
    else setFailure(translateCompanyMessage(t, error.message));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const administrator = { email: extra.adminEmail, firstName: extra.adminFirstName, lastName: extra.adminLastName };
    if (tenantMode) {
      const request: CreateTenantRequest = { name: extra.tenantName, slug: extra.tenantSlug, company: companyRequestOf(values), administrator };
      const parsed = createTenantRequest.safeParse(request);
      if (!parsed.success) return showErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      showErrors({});
      createTenant.mutate(request, { onSuccess: setTenantMade, onError });
      return;
    }
    const request: CreateCompanyRequest = { ...companyRequestOf(values), ...(extra.inviteAdministrator ? { administrator } : {}) };
    const parsed = createCompanyRequest.safeParse(request);
    if (!parsed.success) return showErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
    showErrors({});
    createCompany.mutate(request, {
      onSuccess: (created) => {
        enqueueSnackbar(
          created.administrator
            ? t('companies.new.createdInvited', { name: created.company.name, email: created.administrator.email })
            : t('companies.new.created', { name: created.company.name }),
          { variant: 'success' },
        );
        void navigate(`/companies/${created.company.id}`);
      },
      onError,
    });
  };

  const extraField = (field: ExtraField) => ({
    name: field,
    value: extra[field],
    disabled: pending,
    onChange: (event: { target: { value: string } }) => setExtra({ ...extra, [field]: event.target.value }),
    error: Boolean(extraErrors[field]),
    helperText: extraErrors[field] ? translateCompanyMessage(t, extraErrors[field]) : undefined,
    fullWidth: true,
  });

  if (tenantMade) {
    return (
      <Box>
        <PageHeader title={name} />
        <Alert
          severity="success"
          action={
            <Button
              onClick={() => {
                setTenantMade(null);
                setValues(EMPTY_COMPANY_FORM);
                setExtra(EXTRA);
              }}
            >
              {t('companies.new.another')}
            </Button>
          }
        >
          <AlertTitle>{t('companies.new.tenantCreated', { name: tenantMade.tenant.name })}</AlertTitle>
          {t('companies.new.tenantCreatedHelp', { company: tenantMade.company.name, email: tenantMade.administrator.email, slug: tenantMade.tenant.slug })}
        </Alert>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader title={name} subtitle={t('companies.new.subtitle')} />
      {failure && <Alert severity="error">{failure}</Alert>}
      {createsTenants && (
        <Card variant="outlined">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <FormControlLabel
              control={
                <Switch checked={extra.newTenant} onChange={(event) => setExtra({ ...extra, newTenant: event.target.checked, inviteAdministrator: true })} />
              }
              label={t('companies.new.newTenant')}
            />
            {extra.newTenant && (
              <>
                <Typography color="text.secondary">{t('companies.new.newTenantHelp')}</Typography>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  <TextField label={t('companies.new.tenantName')} required {...extraField('tenantName')} />
                  <TextField
                    label={t('companies.new.tenantSlug')}
                    required
                    {...extraField('tenantSlug')}
                    helperText={extraErrors.tenantSlug ? translateCompanyMessage(t, extraErrors.tenantSlug) : t('companies.new.tenantSlugHelp')}
                  />
                </Box>
              </>
            )}
          </CardContent>
        </Card>
      )}
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h2">
            {t('companies.new.companySection')}
          </Typography>
          <CompanyFields values={values} errors={errors} onChange={setValues} disabled={pending} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h2">
            {t('companies.new.administratorSection')}
          </Typography>
          {!tenantMode && (
            <FormControlLabel
              control={<Checkbox checked={extra.inviteAdministrator} onChange={(event) => setExtra({ ...extra, inviteAdministrator: event.target.checked })} />}
              label={t('companies.new.inviteAdministrator')}
            />
          )}
          {(tenantMode || extra.inviteAdministrator) && (
            <>
              <Typography color="text.secondary">{t('companies.new.administratorHelp')}</Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
                <TextField label={t('companies.new.adminEmail')} type="email" required {...extraField('adminEmail')} />
                <TextField label={t('companies.new.adminFirstName')} required {...extraField('adminFirstName')} />
                <TextField label={t('companies.new.adminLastName')} required {...extraField('adminLastName')} />
              </Box>
            </>
          )}
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/companies" disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {tenantMode ? t('companies.new.submitTenant') : t('companies.new.submit')}
        </Button>
      </Box>
    </Box>
  );
}
