import { beforeAll, describe, expect, it } from 'vitest';
import type { PricePoint } from '@carbonledger/contracts';
import { analyse } from './market.analysis';
import { embeddedMarketSource, parsePriceCsv } from './market.data';
import { changepointsOf, forecastPoints, holdoutEvaluation, naiveForecast, rollingBacktest, volatilityOf, weeklyCloses } from './market.model';

// The pipeline on the series the product ships (modules/market/data/nzu-spot-prices.csv).
describe('market model on the shipped NZU series', () => {
  let daily: PricePoint[];
  let weekly: PricePoint[];
  beforeAll(async () => {
    daily = await embeddedMarketSource().load();
    weekly = weeklyCloses(daily);
  });

  it('reads the 2,268 observations and resamples them to one close per week, every 7 days, ending on the last observation', () => {
    expect(daily).toHaveLength(2268);
    expect(daily[0]).toEqual({ date: '2010-05-14', price: 17.75 });
    expect(daily.at(-1)).toEqual({ date: '2026-07-03', price: 54 });
    const gaps = new Set(weekly.slice(1).map((point, index) => (Date.parse(point.date) - Date.parse(weekly[index]!.date)) / 86_400_000));
    expect([...gaps]).toEqual([7]);
    expect(weekly.at(-1)).toEqual({ date: '2026-07-03', price: 54 });
  });

  it('runs the rolling-origin backtest and reports MAPE and interval coverage in a sane band, beside the naive forecast', () => {
    const backtest = rollingBacktest(
      weekly.map((point) => point.price),
      { origins: 52, horizon: 12 },
    );
    expect(backtest.origins).toBe(52);
    expect(backtest.model.mape).toBeGreaterThan(1);
    expect(backtest.model.mape).toBeLessThan(40);
    // Honest intervals cover roughly their level; far off either way would mean broken intervals.
    expect(backtest.model.coverage95).toBeGreaterThanOrEqual(0.8);
    expect(backtest.model.coverage80).toBeGreaterThanOrEqual(0.55);
    expect(backtest.model.coverage80).toBeLessThanOrEqual(backtest.model.coverage95);
    expect(backtest.beatsNaive).toBe(backtest.model.mape < backtest.naive.mape);
  });

  it('forecasts 12 weekly points with nested 80 % and 95 % intervals that widen with the horizon', () => {
    const points = forecastPoints(weekly, 12);
    expect(points).toHaveLength(12);
    expect(points[0]!.date).toBe('2026-07-10');
    for (const point of points) {
      expect(point.lower95).toBeLessThanOrEqual(point.lower80);
      expect(point.lower80).toBeLessThanOrEqual(point.mean);
      expect(point.mean).toBeLessThanOrEqual(point.upper80);
      expect(point.upper80).toBeLessThanOrEqual(point.upper95);
    }
    expect(points[11]!.upper95 - points[11]!.lower95).toBeGreaterThan(points[0]!.upper95 - points[0]!.lower95);
  });

  it('scores the held-out last 12 weeks for the model and the naive forecast', () => {
    const holdout = holdoutEvaluation(weekly, 12);
    expect(holdout.model.coverage95).toBeGreaterThanOrEqual(0);
    expect(holdout.model.coverage95).toBeLessThanOrEqual(1);
    expect(holdout.fitMs).toBeGreaterThan(0);
  });

  it('finds the 2023 fall and the 2025 level shift as change points, and a volatility regime', () => {
    const changepoints = changepointsOf(weekly);
    expect(changepoints.length).toBeGreaterThan(0);
    expect(changepoints.some((point) => point.date.startsWith('2023') && point.meanAfter < point.meanBefore)).toBe(true);
    expect(['low', 'normal', 'high']).toContain(volatilityOf(weekly).regime);
  });

  it('fits no model on a series too short for one', () => {
    const analysis = analyse(embeddedMarketSource().info, daily.slice(0, 20));
    expect(analysis.model).toBeNull();
  });
});

describe('naive forecast', () => {
  it('repeats the last value with random-walk intervals growing with √h', () => {
    const forecast = naiveForecast([10, 11, 10, 11, 10], 4);
    expect(forecast.mean).toEqual([10, 10, 10, 10]);
    const width = (step: number) => forecast.upper95[step]! - forecast.lower95[step]!;
    expect(width(3) / width(0)).toBeCloseTo(2, 6);
  });
});

describe('price CSV', () => {
  it('reads quoted and unquoted lines, sorts them and keeps the last price of a repeated date', () => {
    expect(parsePriceCsv('"date","price"\n2020-01-03,30\n"2020-01-01","28.5"\n2020-01-03,31\n')).toEqual([
      { date: '2020-01-01', price: 28.5 },
      { date: '2020-01-03', price: 31 },
    ]);
  });

  it('refuses a line that is not a date and a positive price', () => {
    expect(() => parsePriceCsv('date,price\n2020-01-01,abc')).toThrow(/line 2/);
    expect(() => parsePriceCsv('date,price\nyesterday,10')).toThrow(/line 2/);
    expect(() => parsePriceCsv('date,price\n2020-01-01,-3')).toThrow(/line 2/);
  });
});
