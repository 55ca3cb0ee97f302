import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ComplianceLimits } from '../../../components/ComplianceLimits';
import { ComplianceLimitsForm } from '../../../components/ComplianceLimitsForm';
import { useComplianceLimitsSave, useComplianceProfile } from '../../../lib/compliance-profile';

/**
 * Settings → Compliance: the user's company's compliance profile and limits. Every member reads
 * them; compliance officers change the tier and limits within the platform bounds.
 */
export function ComplianceTab() {
  const { t } = useTranslation();
  const profile = useComplianceProfile();
  const { save, saving, failure, fieldErrors } = useComplianceLimitsSave(profile.data);

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
                pending={saving}
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
