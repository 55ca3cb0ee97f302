import { PRICE_RANGES, type CarbonPrice, type PriceRange } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useCarbonPrice } from '../api/carbon-price';
import { dateValue, formatDay, formatPrice, formatSigned } from './chart-format';
import { SeriesNote } from './SeriesNote';
import { WidgetCard } from './WidgetCard';

const CHANGES = ['week', 'month', 'year'] as const;

/** docs/product.md §2 carbon price: latest, change over 1 w / 1 m / 1 y, and the chart of the chosen range. */
/** `id` names this instance (test id, title id) so that the personalisable dashboard can place one beside the market section's. */
export function CarbonPriceWidget({ id = 'price' }: { id?: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<PriceRange>('1y');
  const price = useCarbonPrice(range);
  const data = price.data;
  return (
    <WidgetCard
      id={id}
      title={t('market.price.title')}
      loading={price.isPending}
      failed={price.isError}
      empty={!data?.latest}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_event, next: PriceRange | null) => next && setRange(next)}
          aria-label={t('market.price.range')}
        >
          {PRICE_RANGES.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`market.price.ranges.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {data?.latest && <PriceContent data={data} latest={data.latest} />}
    </WidgetCard>
  );
}

function PriceContent({ data: shown, latest }: { data: CarbonPrice; latest: NonNullable<CarbonPrice['latest']> }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Box>
      <Typography variant="h4" component="p" data-testid="market-latest-price">
        {t('market.perTonne', { value: formatPrice(latest.price, language) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('market.price.asOf', { date: formatDay(latest.date, language) })}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', gap: 3, my: 1.5, '& dd': { m: 0, fontWeight: 600 } }}>
        {CHANGES.map((period) => {
          const change = shown.changes[period];
          return (
            <Box key={period}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(`market.price.changes.${period}`)}
              </Typography>
              <Typography component="dd" color={!change ? 'text.secondary' : change.absolute >= 0 ? 'success.main' : 'error.main'}>
                {change ? `${formatSigned(change.absolute, language)} (${formatSigned(change.percent, language)} %)` : '—'}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <LineChart
        height={220}
        skipAnimation
        hideLegend
        xAxis={[{ data: shown.points.map((point) => dateValue(point.date)), scaleType: 'time', valueFormatter: (value: Date) => formatDay(value, language) }]}
        yAxis={[{ width: 48 }]}
        series={[
          {
            data: shown.points.map((point) => point.price),
            label: t('market.series.short'),
            showMark: false,
            valueFormatter: (value) => (value === null ? '' : formatPrice(value, language)),
          },
        ]}
      />
      <SeriesNote series={shown.series} />
    </Box>
  );
}
