import type { UpdateComplianceProfileRequest } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComplianceLimits } from '../../../components/ComplianceLimits';
import { ComplianceLimitsForm } from '../../../components/ComplianceLimitsForm';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useComplianceProfile } from '../api/compliance-profile';
import { useUpdateComplianceProfile } from '../api/update-compliance-profile';

/**
 * Settings → Compliance: the user's company's compliance profile and limits. Every member reads
 * them; compliance officers change the tier and limits within the platform bounds.
 */
export function ComplianceTab() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const profile = useComplianceProfile();
  const update = useUpdateComplianceProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'dailyLimit' | 'monthlyLimit', string>>>({});

  const save = (changes: UpdateComplianceProfileRequest) => {
    if (!profile.data) return;
    setFailure(null);
    update.mutate(
      { companyId: profile.data.companyId, changes },
      {
        onSuccess: () => {
          setFieldErrors({});
          enqueueSnackbar(t('compliance.saved'), { variant: 'success' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields)
            setFieldErrors(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0]])));
          else setFailure(error instanceof ApiError && error.is('COMPLIANCE__NOT_OFFICER') ? t('compliance.notOfficer') : error.message);
        },
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('compliance.limitsTitle')}
        </Typography>
        {profile.isPending && <Skeleton variant="rectangular" height={200} aria-label={t('compliance.loading')} />}
        {profile.isError && <Alert severity="error">{t('compliance.loadFailed')}</Alert>}
        {profile.data && (
          <>
            <ComplianceLimits profile={profile.data} />
            {profile.data.canEdit ? (
              <ComplianceLimitsForm
                key={profile.data.updatedAt ?? 'default'}
                profile={profile.data}
                pending={update.isPending}
                failure={failure}
                fieldErrors={fieldErrors}
                onSave={save}
              />
            ) : (
              <Alert severity="info">{t('compliance.readOnly')}</Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
