import { SERVER_EVENTS, canAccess } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store';
import { useRealtimeInvalidate } from '../../lib/realtime';
import { marketKeys } from './api/market-keys';
import { CarbonPriceWidget } from './components/CarbonPriceWidget';
import { ConditionsWidget } from './components/ConditionsWidget';
import { LiveFeedChip } from './components/LiveFeedChip';
import { OptimisationWidget } from './components/OptimisationWidget';
import { PredictionsWidget } from './components/PredictionsWidget';
import { RiskFactorsWidget } from './components/RiskFactorsWidget';
import { useSectionShown } from './use-section-shown';

/** Widgets follow the socket while shown: a new price or refit, and the company's own mints and retirements. */
function LiveMarketData() {
  useRealtimeInvalidate([SERVER_EVENTS.marketUpdate, SERVER_EVENTS.retirementUpdate, SERVER_EVENTS.mintingJobUpdate], marketKeys.all);
  return null;
}

/**
 * docs/product.md §2 AI market-intelligence widgets on the dashboard: carbon price, predictions,
 * conditions, and for those who may read the company's tokens its risk factors and retire-first
 * suggestions; the user shows or hides the section.
 */
export function MarketSection() {
  const { t } = useTranslation();
  const [shown, setShown] = useSectionShown();
  const user = useAuthStore((state) => state.user);
  const session = useAuthStore((state) => state.session);
  const readsTokens = Boolean(user && session && canAccess(user.role, session.permissions, 'tokens', 'read'));
  const retires = Boolean(user && session && canAccess(user.role, session.permissions, 'retirements', 'create'));
  return (
    <Box component="section" aria-labelledby="market-section-title" data-testid="market-section">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h2" id="market-section-title" sx={{ flexGrow: 1 }}>
          {t('market.title')}
        </Typography>
        <LiveFeedChip />
        <Button variant="text" onClick={() => setShown(!shown)} aria-expanded={shown} aria-controls="market-widgets">
          {shown ? t('market.hide') : t('market.show')}
        </Button>
      </Box>
      {shown && (
        <Box id="market-widgets" sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <LiveMarketData />
          <CarbonPriceWidget />
          <PredictionsWidget />
          <ConditionsWidget />
          {readsTokens && <RiskFactorsWidget />}
          {readsTokens && <OptimisationWidget canRetire={retires} />}
        </Box>
      )}
    </Box>
  );
}
