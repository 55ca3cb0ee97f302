import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount, shortAddress } from '../../../lib/chain-format';
import { translateCompanyMessage } from '../../../lib/company-messages';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCompanyHoldings } from '../api/company-holdings';
import { useCompanyTransactions } from '../api/company-transactions';
import { useCompanyWallets } from '../api/company-wallets';
import { useMintingLimits } from '../api/minting-limits';

/** Loading, error and empty states of one section, then its content. */
function Section<T>({
  title,
  query,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {query.isPending && <Skeleton variant="rectangular" height={80} />}
        {query.isError && <Alert severity="error">{translateCompanyMessage(t, query.error.message)}</Alert>}
        {query.data !== undefined && (isEmpty(query.data) ? <Typography color="text.secondary">{empty}</Typography> : children(query.data))}
      </CardContent>
    </Card>
  );
}

/**
 * A company's wallets, limits, holdings and recent operations, read from the wallets,
 * minting, portfolio and transactions endpoints (read-only). `own`: the viewer's own company,
 * asked for without companyId (only platform administrators may name another company).
 */
export function CompanyActivityCards({ companyId, own }: { companyId: string; own: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const wallets = useCompanyWallets(companyId, own, true);
  const holdings = useCompanyHoldings(companyId, true);
  const transactions = useCompanyTransactions(companyId, own, true);
  const limits = useMintingLimits(true);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <Section title={t('companies.detail.wallets')} query={wallets} isEmpty={(data) => data.length === 0} empty={t('companies.detail.noWallets')}>
        {(data) => (
          <Table size="small">
            <TableBody>
              {data.map((wallet) => (
                <TableRow key={wallet.id}>
                  <TableCell>{wallet.name ?? t('wallets.unnamed')}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{shortAddress(wallet.address)}</TableCell>
                  <TableCell>{t(`wallets.type.${wallet.type}`)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={wallet.operational ? 'success' : 'default'} label={t(`wallets.status.${wallet.status}`)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Section title={t('companies.detail.limits')} query={limits} isEmpty={() => false} empty="">
        {(data) => <Typography>{t('companies.detail.approvalLimit', { amount: Number(data.approvalLimit).toLocaleString(language) })}</Typography>}
      </Section>
      <Section title={t('companies.detail.holdings')} query={holdings} isEmpty={(data) => data.holdings.length === 0} empty={t('companies.detail.noHoldings')}>
        {(data) => (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('companies.detail.token')}</TableCell>
                <TableCell>{t('companies.detail.project')}</TableCell>
                <TableCell align="right">{t('companies.detail.held')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.holdings.map((holding) => (
                <TableRow key={`${holding.walletId}-${holding.mint}`}>
                  <TableCell>{holding.symbol}</TableCell>
                  <TableCell>{holding.projectName ?? '—'}</TableCell>
                  <TableCell align="right">{t('transactions.tonnes', { amount: formatTokenAmount(holding.heldAmount, holding.decimals) })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Section
        title={t('companies.detail.operations')}
        query={transactions}
        isEmpty={(data) => data.items.length === 0}
        empty={t('companies.detail.noOperations')}
      >
        {(data) => (
          <Table size="small">
            <TableBody>
              {data.items.map((operation) => (
                <TableRow key={operation.id}>
                  <TableCell>{formatDateTime(operation.date, language)}</TableCell>
                  <TableCell>{t(`transactions.types.${operation.type}`)}</TableCell>
                  <TableCell>{operation.project ?? operation.tokenSymbol ?? '—'}</TableCell>
                  <TableCell align="right">{t('transactions.tonnes', { amount: formatTokenAmount(operation.amount, operation.decimals) })}</TableCell>
                  <TableCell>{t(`transactions.statuses.${operation.status}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </Box>
  );
}
