import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { StatCard } from '../../../components/StatCard';
import { formatNumber } from '../../../lib/format';
import { useRetirementStats } from '../api/retirement-stats';

/** docs/product.md §2 stat cards: total retired, certificates, transactions. */
export function RetirementStats({ refetchInterval }: { refetchInterval: number | false }) {
  const { t } = useTranslation();
  const stats = useRetirementStats(refetchInterval);
  const language = currentLanguage();
  const data = stats.data;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, mb: 3 }} data-testid="retirement-stats">
      <StatCard
        label={t('retirements.stats.totalRetired')}
        value={data && t('retirements.tonnes', { amount: formatNumber(BigInt(data.totalRetired), language) })}
      />
      <StatCard label={t('retirements.stats.certificates')} value={data && formatNumber(data.certificates, language)} />
      <StatCard label={t('retirements.stats.transactions')} value={data && formatNumber(data.transactions, language)} />
    </Box>
  );
}
