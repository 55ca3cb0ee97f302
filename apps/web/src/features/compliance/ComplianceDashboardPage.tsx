import { actsForWholeTenant } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComplianceLimits } from '../../components/ComplianceLimits';
import { ComplianceLimitsForm } from '../../components/ComplianceLimitsForm';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { useCompanies } from './api/companies';
import { useComplianceLimitsSave, useComplianceProfile } from '../../lib/compliance-profile';
import { DocumentsTable } from './components/DocumentsTable';
import { ReviewFacts } from './components/ReviewFacts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /compliance (docs/product.md §2 Compliance): a company's KYC tier, limits and the volume used
 * of them, the KYC review's risk level, score and checklist, and its documents. Officers change
 * the tier and limits here; platform administrators pick any company of the tenant.
 */
export default function ComplianceDashboardPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const tenantWide = user ? actsForWholeTenant(user.role) : false;
  const [params, setParams] = useSearchParams();
  const companyId = (tenantWide && params.get('companyId')) || undefined;
  const companies = useCompanies(tenantWide);
  const profile = useComplianceProfile(companyId);
  const { save, saving, failure, fieldErrors } = useComplianceLimitsSave(profile.data);

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={profile.data ? t('compliance.subtitle', { company: profile.data.companyName }) : undefined}
        actions={
          tenantWide && (
            <TextField
              select
              size="small"
              label={t('compliance.company')}
              value={profile.data?.companyId ?? ''}
              onChange={(event) => setParams(event.target.value === user?.companyId ? {} : { companyId: event.target.value })}
              sx={{ minWidth: 240 }}
              disabled={!companies.data}
            >
              {(companies.data ?? []).map((company) => (
                <MenuItem key={company.id} value={company.id}>
                  {company.name}
                </MenuItem>
              ))}
            </TextField>
          )
        }
      />
      {profile.isPending && <Skeleton variant="rectangular" height={320} aria-label={t('compliance.loading')} />}
      {profile.isError && <Alert severity="error">{t('compliance.loadFailed')}</Alert>}
      {profile.data && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Section title={t('compliance.limitsTitle')}>
              <ComplianceLimits profile={profile.data} />
              {profile.data.canEdit && (
                <ComplianceLimitsForm
                  key={`${profile.data.companyId}-${profile.data.updatedAt ?? ''}`}
                  profile={profile.data}
                  pending={saving}
                  failure={failure}
                  fieldErrors={fieldErrors}
                  onSave={save}
                />
              )}
              {profile.data.updatedBy && (
                <Typography variant="caption" color="text.secondary">
                  {t('compliance.updatedBy', { name: profile.data.updatedBy, date: new Date(profile.data.updatedAt ?? '').toLocaleString() })}
                </Typography>
              )}
            </Section>
            <Section title={t('compliance.documents')}>
              <DocumentsTable documents={profile.data.documents} />
            </Section>
          </Box>
          <Section title={t('compliance.reviewTitle')}>
            <ReviewFacts profile={profile.data} />
          </Section>
        </Box>
      )}
    </Box>
  );
}
