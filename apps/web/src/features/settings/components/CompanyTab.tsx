import { actsForWholeTenant, updateCompanyRequest, type CompanyProfile, type User } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyFields, companyFormErrors, companyFormOf, companyRequestOf, type CompanyFormErrors } from '../../../components/CompanyFields';
import { KycStatusChip } from '../../../components/KycStatusChip';
import { ApiError } from '../../../lib/api-client';
import { translateCompanyMessage } from '../../../lib/company-messages';
import { useSnackbar } from '../../../lib/toast';
import { useOwnCompany } from '../api/own-company';
import { useUpdateOwnCompany } from '../api/update-own-company';
import { BrandingCard } from './BrandingCard';

/** `update` belongs to the tab, which outlives this form (remounted when the record changes): its answer still arrives. */
function CompanyForm({
  company,
  editable,
  supportRole,
  update,
}: {
  company: CompanyProfile;
  editable: boolean;
  supportRole: boolean;
  update: ReturnType<typeof useUpdateOwnCompany>;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState(() => companyFormOf(company));
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // The company's own administrator never sends the tax ID: only support changes it (docs/product.md §5).
    const { taxId, ...rest } = companyRequestOf(values);
    const changes = supportRole ? { ...rest, taxId } : rest;
    const parsed = updateCompanyRequest.safeParse(changes);
    if (!parsed.success) return setErrors(companyFormErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]))));
    setErrors({});
    update.mutate(
      { id: company.id, changes },
      {
        onSuccess: () => enqueueSnackbar(t('settings.company.saved'), { variant: 'success' }),
        onError: (error) => {
          if (error instanceof ApiError && error.fields)
            setErrors(companyFormErrors(Object.fromEntries(Object.entries(error.fields).map(([path, messages]) => [path, messages[0]]))));
          else setFailure(translateCompanyMessage(t, error.message));
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!editable && <Alert severity="info">{t('settings.company.readOnly')}</Alert>}
      <CompanyFields values={values} errors={errors} onChange={setValues} taxIdLocked={!supportRole} disabled={!editable || update.isPending} />
      {editable && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('common.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/**
 * Settings → Company: the user's own company. Its COMPANY_ADMIN (and the platform's
 * administrators) edit it, the tax ID excepted for the company (support changes it); everyone
 * else reads it. Platform administrators also set the tenant's branding here.
 */
export function CompanyTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const company = useOwnCompany(user.companyId);
  const update = useUpdateOwnCompany();
  const platformAdministrator = actsForWholeTenant(user.role);
  const editable = platformAdministrator || user.role === 'COMPANY_ADMIN';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {company.isPending && <Skeleton variant="rectangular" height={240} />}
          {company.isError && <Alert severity="error">{translateCompanyMessage(t, company.error.message)}</Alert>}
          {company.data && (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h2">
                  {company.data.name}
                </Typography>
                <KycStatusChip status={company.data.kycStatus} />
              </Box>
              {/* Remounted when the record changes elsewhere (company_update), so the form shows it. */}
              <CompanyForm key={company.data.updatedAt} company={company.data} editable={editable} supportRole={platformAdministrator} update={update} />
            </>
          )}
        </CardContent>
      </Card>
      {platformAdministrator && <BrandingCard />}
    </Box>
  );
}
