import type { MarketSeriesInfo } from '@carbonledger/contracts';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What every price figure is: NZ ETS compliance units in NZD per tonne, not a voluntary-credit price, and where it comes from. */
export function SeriesNote({ series }: { series: MarketSeriesInfo }) {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="market-series-note">
      {t('market.series.disclaimer')} {t('market.series.source', { source: series.source, licence: series.licence })}
    </Typography>
  );
}
