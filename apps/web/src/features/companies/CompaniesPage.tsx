import { actsForWholeTenant, type CompanyListItem } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { KycStatusChip } from '../../components/KycStatusChip';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { translateCompanyMessage } from '../../lib/company-messages';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useCompanies } from './api/companies';

function WalletsCell({ company }: { company: CompanyListItem }) {
  const { t } = useTranslation();
  const { total, operational, pending } = company.wallets;
  if (total === 0) return <Chip size="small" variant="outlined" label={t('companies.wallets.none')} />;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" color={operational > 0 ? 'success' : 'default'} label={t('companies.wallets.operational', { count: operational, total })} />
      {pending > 0 && <Chip size="small" color="warning" label={t('companies.wallets.pending', { count: pending })} />}
    </Box>
  );
}

/**
 * /companies (docs/product.md §2): the tenant's companies for platform administrators, with
 * search and the KYC and wallet status columns; other officers see their own company. Updated
 * live by company_update and approval_update (app/LiveRefresh).
 */
export default function CompaniesPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const companies = useCompanies(deferred ? { search: deferred } : {});
  const onboards = Boolean(user && actsForWholeTenant(user.role));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title={name}
        subtitle={t('companies.subtitle')}
        actions={
          onboards ? (
            <Button variant="contained" component={RouterLink} to="/companies/new">
              {t('companies.onboard')}
            </Button>
          ) : undefined
        }
      />
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextField
            size="small"
            label={t('companies.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ maxWidth: 420 }}
          />
          {companies.isError && <Alert severity="error">{translateCompanyMessage(t, companies.error.message)}</Alert>}
          {companies.isPending && <Skeleton variant="rectangular" height={160} />}
          {companies.data && companies.data.length === 0 && (
            <Typography color="text.secondary">{deferred ? t('companies.noMatch') : t('companies.empty')}</Typography>
          )}
          {companies.data && companies.data.length > 0 && (
            <TableContainer>
              <Table size="small" aria-label={name}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('companies.columns.name')}</TableCell>
                    <TableCell>{t('companies.columns.taxId')}</TableCell>
                    <TableCell>{t('companies.columns.country')}</TableCell>
                    <TableCell>{t('companies.columns.kyc')}</TableCell>
                    <TableCell>{t('companies.columns.wallets')}</TableCell>
                    <TableCell align="right">{t('companies.columns.users')}</TableCell>
                    <TableCell>{t('companies.columns.created')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {companies.data.map((company) => (
                    <TableRow key={company.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={`/companies/${company.id}`} sx={{ fontWeight: 600 }}>
                          {company.name}
                        </Link>
                        {company.isPlatform && <Chip size="small" sx={{ ml: 1 }} label={t('companies.platform')} />}
                        {company.legalName && company.legalName !== company.name && (
                          <Typography variant="body2" color="text.secondary">
                            {company.legalName}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{company.taxId ?? '—'}</TableCell>
                      <TableCell>{company.country ?? '—'}</TableCell>
                      <TableCell>
                        <KycStatusChip status={company.kycStatus} />
                      </TableCell>
                      <TableCell>
                        <WalletsCell company={company} />
                      </TableCell>
                      <TableCell align="right">{company.userCount}</TableCell>
                      <TableCell>{formatDateTime(company.createdAt, currentLanguage())}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
