import type { MarketConditions } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useMarketConditions } from '../api/market-conditions';
import { dateValue, formatDay, formatPrice, formatSigned } from './chart-format';
import { SeriesNote } from './SeriesNote';
import { WidgetCard } from './WidgetCard';

const TREND_COLORS = { rising: 'success', falling: 'error', flat: 'default' } as const;
// Warning and info fill fails the contrast check with white text (the e2e accessibility check).
const REGIME_COLORS = { low: 'success', normal: 'default', high: 'error' } as const;

/** docs/product.md §2 market conditions: trend, volatility regime, change points on the chart, and the platform's daily volume. */
export function ConditionsWidget() {
  const { t } = useTranslation();
  const conditions = useMarketConditions();
  return (
    <WidgetCard id="conditions" title={t('market.conditions.title')} loading={conditions.isPending} failed={conditions.isError} empty={!conditions.data}>
      {conditions.data && <ConditionsContent data={conditions.data} />}
    </WidgetCard>
  );
}

function ConditionsContent({ data }: { data: MarketConditions }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const state = data.conditions;
  const volumeShown = data.platformVolume.some((day) => Number(day.minted) > 0 || Number(day.retired) > 0);
  return (
    <Box>
      {state ? (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            <Chip
              color={TREND_COLORS[state.trend.direction]}
              label={t(`market.conditions.trend.${state.trend.direction}`, {
                perWeek: formatSigned(state.trend.percentPerWeek, language),
                change: formatSigned(state.trend.change13Weeks, language),
              })}
            />
            <Chip
              color={REGIME_COLORS[state.volatility.regime]}
              label={t(`market.conditions.volatility.${state.volatility.regime}`, {
                annualised: formatPrice(state.volatility.annualisedPercent, language),
                percentile: state.volatility.percentile,
              })}
            />
          </Box>
          <LineChart
            height={200}
            skipAnimation
            hideLegend
            xAxis={[
              { data: state.weekly.map((point) => dateValue(point.date)), scaleType: 'time', valueFormatter: (value: Date) => formatDay(value, language) },
            ]}
            yAxis={[{ width: 48 }]}
            series={[{ data: state.weekly.map((point) => point.price), label: t('market.series.short'), showMark: false }]}
          >
            {state.changepoints.map((point) => (
              <ChartsReferenceLine key={point.date} x={dateValue(point.date)} lineStyle={{ strokeDasharray: '4 4' }} />
            ))}
          </LineChart>
          <Typography variant="subtitle2" component="h4">
            {t('market.conditions.changepoints')}
          </Typography>
          {state.changepoints.length === 0 ? (
            <Typography color="text.secondary">{t('market.conditions.noChangepoints')}</Typography>
          ) : (
            <List dense disablePadding>
              {state.changepoints.map((point) => (
                <ListItem key={point.date} disableGutters>
                  <ListItemText
                    primary={formatDay(point.date, language)}
                    secondary={t('market.conditions.shift', { before: formatPrice(point.meanBefore, language), after: formatPrice(point.meanAfter, language) })}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <SeriesNote series={data.series} />
        </>
      ) : (
        <Typography color="text.secondary">{t('market.noData')}</Typography>
      )}
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {t('market.conditions.volume')}
      </Typography>
      {volumeShown ? (
        <BarChart
          height={180}
          skipAnimation
          xAxis={[{ data: data.platformVolume.map((day) => formatDay(day.date, language)), scaleType: 'band', tickLabelStyle: { fontSize: 10 } }]}
          yAxis={[{ width: 48 }]}
          series={[
            { data: data.platformVolume.map((day) => Number(day.minted)), label: t('market.conditions.minted') },
            { data: data.platformVolume.map((day) => Number(day.retired)), label: t('market.conditions.retired') },
          ]}
        />
      ) : (
        <Typography color="text.secondary" data-testid="market-no-volume">
          {t('market.conditions.noVolume')}
        </Typography>
      )}
    </Box>
  );
}
