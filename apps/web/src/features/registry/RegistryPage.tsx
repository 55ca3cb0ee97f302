import { SERVER_EVENTS } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useFallbackInterval, useRealtimeInvalidate } from '../../lib/realtime';
import { registryKeys, useRegistryOverview } from './api/registry-overview';
import { ImportCsvCard } from './components/ImportCsvCard';
import { ImportsHistory } from './components/ImportsHistory';
import { RegistriesCard } from './components/RegistriesCard';
import { SerialLookupCard } from './components/SerialLookupCard';
import { registryMessage } from './registry-messages';

const HOLDING_STATES = ['available', 'reserved', 'tokenised', 'retired'] as const;

/**
 * docs/product.md §2 /registry: the configured registries (sandbox, Verra-format API) with their
 * connection status and last sync, the sync job with live progress, serial-number lookup, and the
 * import of a Verra registry CSV export into the company's holdings.
 */
export default function RegistryPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // Mints and retirements change the holdings; the sync's own progress is followed by RegistriesCard.
  useRealtimeInvalidate([SERVER_EVENTS.mintingJobUpdate, SERVER_EVENTS.retirementUpdate, SERVER_EVENTS.transactionUpdate], registryKeys.all);
  const overview = useRegistryOverview(useFallbackInterval(60_000, 15_000));
  const holdings = overview.data?.holdings;

  return (
    <Box>
      <PageHeader title={name} subtitle={t('registry.subtitle')} />
      {overview.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void overview.refetch()}>{t('registry.retry')}</Button>}>
          {registryMessage(t, overview.error.message)}
        </Alert>
      )}
      {overview.isPending && !overview.isError && <LinearProgress aria-label={t('registry.loading')} sx={{ mb: 2 }} />}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {HOLDING_STATES.map((state) => (
          <Grid key={state} size={{ xs: 6, md: 3 }}>
            <StatCard label={t(`registry.holdings.${state}Units`)} value={holdings ? `${formatNumber(BigInt(holdings[state]), language)} tCO2e` : undefined} />
          </Grid>
        ))}
      </Grid>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {overview.data && <RegistriesCard registries={overview.data.registries} />}
        <ImportCsvCard />
        <SerialLookupCard />
        <ImportsHistory />
      </Box>
    </Box>
  );
}
