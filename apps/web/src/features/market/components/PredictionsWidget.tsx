import type { BacktestScore, MarketForecast } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMarketForecast } from '../api/market-forecast';
import { dateValue, formatDay, formatPercent, formatPrice } from './chart-format';
import { SeriesNote } from './SeriesNote';
import { WidgetCard } from './WidgetCard';

const HORIZONS = [4, 8, 12] as const;

/** docs/product.md §2 price predictions: the forecast with its 80 % and 95 % intervals, and how it did on the backtest against the naive forecast. */
export function PredictionsWidget() {
  const { t } = useTranslation();
  const [horizon, setHorizon] = useState<number>(12);
  const forecast = useMarketForecast(horizon);
  return (
    <WidgetCard
      id="predictions"
      title={t('market.predictions.title')}
      loading={forecast.isPending}
      failed={forecast.isError}
      empty={!forecast.data?.forecast}
      action={
        <TextField
          select
          size="small"
          label={t('market.predictions.horizon')}
          value={horizon}
          onChange={(event) => setHorizon(Number(event.target.value))}
          slotProps={{ select: { native: true } }}
        >
          {HORIZONS.map((weeks) => (
            <option key={weeks} value={weeks}>
              {t('market.predictions.weeks', { count: weeks })}
            </option>
          ))}
        </TextField>
      }
    >
      {forecast.data?.forecast && <ForecastContent series={forecast.data.series} forecast={forecast.data.forecast} />}
    </WidgetCard>
  );
}

function ForecastContent({ series, forecast }: { series: MarketForecast['series']; forecast: NonNullable<MarketForecast['forecast']> }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const points = forecast.points;
  const price = (value: number | null) => (value === null ? '' : formatPrice(value, language));
  // Each band is drawn as a transparent area up to its lower bound with its width stacked on top.
  const band = (level: 80 | 95, opacity: number) => {
    const lower = points.map((point) => (level === 80 ? point.lower80 : point.lower95));
    const upper = points.map((point) => (level === 80 ? point.upper80 : point.upper95));
    return [
      {
        id: `lower${level}`,
        data: lower,
        stack: `band${level}`,
        area: true,
        showMark: false,
        color: 'transparent',
        label: t('market.predictions.lower', { level }),
        valueFormatter: price,
      },
      {
        id: `band${level}`,
        data: upper.map((value, index) => value - lower[index]!),
        stack: `band${level}`,
        area: true,
        showMark: false,
        color: `rgba(25, 118, 210, ${opacity})`,
        label: t('market.predictions.upper', { level }),
        valueFormatter: (_value: number | null, { dataIndex }: { dataIndex: number }) => price(upper[dataIndex] ?? null),
      },
    ];
  };
  const { backtest } = forecast;
  const score = (name: string, value: BacktestScore) => (
    <TableRow key={name}>
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      <TableCell align="right">{formatPercent(value.mape / 100, language, 2)}</TableCell>
      <TableCell align="right">{formatPercent(value.coverage80, language)}</TableCell>
      <TableCell align="right">{formatPercent(value.coverage95, language)}</TableCell>
    </TableRow>
  );
  return (
    <Box>
      <Alert severity={backtest.beatsNaive ? 'info' : 'warning'} sx={{ mb: 1 }} data-testid="market-beats-naive">
        {t(backtest.beatsNaive ? 'market.predictions.betterThanNaive' : 'market.predictions.notBetterThanNaive')}
      </Alert>
      <LineChart
        height={220}
        skipAnimation
        hideLegend
        xAxis={[{ data: points.map((point) => dateValue(point.date)), scaleType: 'time', valueFormatter: (value: Date) => formatDay(value, language) }]}
        yAxis={[{ width: 48 }]}
        series={[
          ...band(95, 0.15),
          ...band(80, 0.25),
          { id: 'mean', data: points.map((point) => point.mean), label: t('market.predictions.mean'), showMark: true, color: '#1565c0', valueFormatter: price },
        ]}
      />
      <Table size="small" aria-label={t('market.predictions.backtestTitle')}>
        <caption style={{ captionSide: 'top', padding: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('market.predictions.backtest', { origins: backtest.origins, horizon: backtest.horizonWeeks })}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('market.predictions.method')}</TableCell>
            <TableCell align="right">MAPE</TableCell>
            <TableCell align="right">{t('market.predictions.coverage', { level: 80 })}</TableCell>
            <TableCell align="right">{t('market.predictions.coverage', { level: 95 })}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {score(t('market.predictions.model'), backtest.model)}
          {score(t('market.predictions.naive'), backtest.naive)}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('market.predictions.modelNote', {
          observations: forecast.weeklyObservations,
          through: formatDay(forecast.trainedThrough, language),
          fitted: formatDateTime(forecast.fittedAt, language),
        })}
      </Typography>
      <SeriesNote series={series} />
    </Box>
  );
}
