import { actsForWholeTenant, canOpenRoute, type CompanyProfile } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AccessDenied } from '../../components/AccessDenied';
import { KycStatusChip } from '../../components/KycStatusChip';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';
import { translateCompanyMessage } from '../../lib/company-messages';
import { countryName, formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useCompany } from './api/company';
import { CompanyActivityCards } from './components/CompanyActivityCards';
import { CompanyMembersCard } from './components/CompanyMembersCard';
import { EditCompanyDialog } from './components/EditCompanyDialog';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

function ProfileCard({ company, reviewer }: { company: CompanyProfile; reviewer: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const address = company.address;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        <Fact label={t('companyForm.legalName')}>{company.legalName ?? '—'}</Fact>
        <Fact label={t('companyForm.taxId')}>{company.taxId ?? '—'}</Fact>
        <Fact label={t('companyForm.country')}>{company.country ? countryName(company.country, language) : '—'}</Fact>
        <Fact label={t('companyForm.address')}>
          {address
            ? [address.line1, address.line2, [address.postalCode, address.city].filter(Boolean).join(' '), address.region].filter(Boolean).join(', ')
            : '—'}
        </Fact>
        <Fact label={t('companyForm.contact')}>
          {[company.contact.name, company.contact.email, company.contact.phone].filter(Boolean).join(' · ') || '—'}
          {company.contact.website && (
            <Typography variant="body2" component="div">
              {company.contact.website}
            </Typography>
          )}
        </Fact>
        <Fact label={t('companies.detail.kyc')}>
          <KycStatusChip status={company.kycStatus} />
          {/* The status follows the KYC reviews (docs/kyc.md): officers decide there. */}
          {reviewer && (
            <Link component={RouterLink} to="/compliance/kyc-reviews" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
              {t('companies.detail.kycReviews')}
            </Link>
          )}
        </Fact>
        <Fact label={t('companies.columns.created')}>{formatDateTime(company.createdAt, language)}</Fact>
        <Fact label={t('companies.detail.updated')}>{formatDateTime(company.updatedAt, language)}</Fact>
      </CardContent>
    </Card>
  );
}

/**
 * /companies/:id (docs/product.md §2): a company's profile, KYC state, members, wallets, limits,
 * holdings and recent operations. Platform administrators see any company of the tenant (and
 * edit it, tax ID included: they are support); everyone else only their own (403 otherwise).
 */
export default function CompanyDetailPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useAuthStore((state) => state.user);
  const company = useCompany(id);
  const [editing, setEditing] = useState(false);
  const administrator = Boolean(user && actsForWholeTenant(user.role));

  if (company.error instanceof ApiError && company.error.status === 403) return <AccessDenied />;
  if (company.isPending) return <Skeleton variant="rectangular" height={240} />;
  if (company.isError) {
    return (
      <Box>
        <PageHeader title={name} />
        <Alert
          severity={company.error instanceof ApiError && company.error.status === 404 ? 'warning' : 'error'}
          action={
            <Button component={RouterLink} to="/companies">
              {t('companies.detail.back')}
            </Button>
          }
        >
          {company.error instanceof ApiError && company.error.status === 404
            ? t('companies.detail.notFound')
            : translateCompanyMessage(t, company.error.message)}
        </Alert>
      </Box>
    );
  }
  const profile = company.data;
  const own = profile.id === user?.companyId;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title={profile.name}
        subtitle={profile.isPlatform ? t('companies.platform') : t('companies.detail.subtitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            {administrator && (
              <Button variant="contained" onClick={() => setEditing(true)}>
                {t('companies.detail.edit')}
              </Button>
            )}
            <Button component={RouterLink} to="/companies">
              {t('companies.detail.back')}
            </Button>
          </Box>
        }
      />
      {profile.isPlatform && <Chip label={t('companies.platform')} sx={{ alignSelf: 'flex-start' }} />}
      <ProfileCard company={profile} reviewer={Boolean(user && canOpenRoute(user.role, '/compliance/kyc-reviews'))} />
      <CompanyMembersCard members={profile.members} />
      <CompanyActivityCards companyId={profile.id} own={own} />
      {administrator && <EditCompanyDialog company={profile} open={editing} onClose={() => setEditing(false)} />}
    </Box>
  );
}
