import type { PortfolioHolding } from '@carbonledger/contracts';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { formatTokenAmount } from '../../lib/chain-format';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { usePortfolio } from './api/portfolio';
import { HoldingsTable, centsToCurrency } from './components/HoldingsTable';
import { totalTonnes } from './holding-totals';

/** docs/product.md §2 /portfolio: the company's token holdings per token and project, from the chain, with value. */
export default function PortfolioPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const portfolio = usePortfolio();
  const data = portfolio.data;
  const total = (pick: (holding: PortfolioHolding) => string) => {
    if (!data) return undefined;
    const { amount, decimals } = totalTonnes(data.holdings, pick);
    return formatTokenAmount(amount, decimals);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title={name}
        subtitle={t('portfolio.subtitle')}
        actions={
          <Button variant="outlined" startIcon={<Refresh />} onClick={() => void portfolio.refetch()} disabled={portfolio.isFetching}>
            {t('portfolio.refresh')}
          </Button>
        }
      />

      <Box
        component="section"
        aria-label={t('portfolio.stats.label')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        <StatCard label={t('portfolio.stats.held')} value={total((holding) => holding.heldAmount)} />
        <StatCard label={t('portfolio.stats.retired')} value={total((holding) => holding.retiredAmount)} />
        <StatCard label={t('portfolio.stats.value')} value={data ? centsToCurrency(data.totalValueUsdCents, language) : undefined} />
      </Box>

      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Typography variant="h6" component="h2">
              {t('portfolio.holdings')}
            </Typography>
            {data && (
              <Typography variant="body2" color="text.secondary" data-testid="portfolio-read-at">
                {t('portfolio.readAt', { time: formatDateTime(data.readAt, language) })}
              </Typography>
            )}
          </Box>
          {portfolio.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} />}
          {portfolio.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void portfolio.refetch()}>
                  {t('portfolio.retry')}
                </Button>
              }
            >
              {t('portfolio.loadFailed')}
            </Alert>
          )}
          {data && data.holdings.length === 0 && (
            <Alert
              severity="info"
              action={
                <Button component={RouterLink} to="/carbon-projects" color="inherit" size="small">
                  {t('portfolio.browseProjects')}
                </Button>
              }
            >
              {t('portfolio.empty')}
            </Alert>
          )}
          {data && data.holdings.length > 0 && <HoldingsTable holdings={data.holdings} />}
        </CardContent>
      </Card>
    </Box>
  );
}
