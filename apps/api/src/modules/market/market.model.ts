import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ChangepointDetector, initSync as initChangepoint } from '@bsull/augurs/changepoint';
import { AutoETS, initSync as initEts } from '@bsull/augurs/ets';
import type { Backtest, BacktestScore, Changepoint, ForecastPoint, PricePoint } from '@carbonledger/contracts';

/**
 * The time-series pipeline of the market widgets (docs/market.md): weekly closes, AutoETS
 * (augurs, exponential smoothing with the error/trend form chosen by AICc) with 80 % and 95 %
 * prediction intervals, a rolling-origin backtest against the naive last-value forecast, change
 * points (augurs' Bayesian online detector) and the volatility regime. Pure functions of the
 * series: the service caches their result per series.
 */

const DAY_MS = 86_400_000;
/** Five years of weekly closes: long enough for the model to see several regimes, short enough that 2010's market does not drive today's forecast. */
export const FIT_WINDOW_WEEKS = 260;
export const MAX_HORIZON_WEEKS = 12;
/** Fewer weekly closes than this and no model is fitted (the widget says there is no data). */
export const MIN_WEEKS = 30;
const Z80 = 1.2815515655446004;
const Z95 = 1.959963984540054;

let augursReady = false;
/** augurs ships WebAssembly; Node reads the modules from the package and instantiates them synchronously once. */
function initAugurs(): void {
  if (augursReady) return;
  const require = createRequire(import.meta.url);
  const folder = require.resolve('@bsull/augurs/ets').replace(/ets\.js$/, '');
  initEts({ module: readFileSync(`${folder}ets_bg.wasm`) });
  initChangepoint({ module: readFileSync(`${folder}changepoint_bg.wasm`) });
  augursReady = true;
}

const dayOf = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One close per calendar week (Monday to Sunday), labelled with the week's Friday: the last
 * observation of the week, or the previous week's close carried forward through a week without
 * one (the early series is not observed every week).
 */
export function weeklyCloses(points: readonly PricePoint[]): PricePoint[] {
  if (points.length === 0) return [];
  // 1970-01-01 was a Thursday: +3 makes weeks start on Monday.
  const weekOf = (date: string) => Math.floor((dayOf(date) + 3) / 7);
  const closes = new Map<number, number>();
  for (const point of points) closes.set(weekOf(point.date), point.price);
  const first = weekOf(points[0]!.date);
  const last = weekOf(points.at(-1)!.date);
  const weekly: PricePoint[] = [];
  let carried = points[0]!.price;
  for (let week = first; week <= last; week += 1) {
    carried = closes.get(week) ?? carried;
    weekly.push({ date: dateOf(week * 7 - 3 + 4), price: carried });
  }
  return weekly;
}

export interface IntervalForecast {
  mean: number[];
  lower80: number[];
  upper80: number[];
  lower95: number[];
  upper95: number[];
}

/** AutoETS on the values, forecast `horizon` steps with its analytic 80 % and 95 % intervals. */
export function etsForecast(values: readonly number[], horizon: number): IntervalForecast {
  initAugurs();
  const model = new AutoETS(1, 'ZZN');
  try {
    model.fit(Float64Array.from(values));
    const at80 = model.predict(horizon, 0.8);
    const at95 = model.predict(horizon, 0.95);
    if (!at80.intervals || !at95.intervals) throw new Error('AutoETS gave no prediction intervals');
    return { mean: at95.point, lower80: at80.intervals.lower, upper80: at80.intervals.upper, lower95: at95.intervals.lower, upper95: at95.intervals.upper };
  } finally {
    model.free();
  }
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
function standardDeviation(values: readonly number[]): number {
  const average = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - average) ** 2, 0) / Math.max(1, values.length - 1));
}

/** The naive forecast: the last value, with random-walk intervals from the window's one-step changes (σ·√h). */
export function naiveForecast(values: readonly number[], horizon: number): IntervalForecast {
  const last = values.at(-1)!;
  const sigma = standardDeviation(values.slice(1).map((value, index) => value - values[index]!));
  const steps = Array.from({ length: horizon }, (_, index) => index + 1);
  return {
    mean: steps.map(() => last),
    lower80: steps.map((h) => last - Z80 * sigma * Math.sqrt(h)),
    upper80: steps.map((h) => last + Z80 * sigma * Math.sqrt(h)),
    lower95: steps.map((h) => last - Z95 * sigma * Math.sqrt(h)),
    upper95: steps.map((h) => last + Z95 * sigma * Math.sqrt(h)),
  };
}

interface ScoreTally {
  ape: number;
  inside80: number;
  inside95: number;
  count: number;
}
const emptyTally = (): ScoreTally => ({ ape: 0, inside80: 0, inside95: 0, count: 0 });

function tally(into: ScoreTally, forecast: IntervalForecast, actual: readonly number[]): void {
  for (const [step, value] of actual.entries()) {
    into.ape += Math.abs((value - forecast.mean[step]!) / value);
    if (value >= forecast.lower80[step]! && value <= forecast.upper80[step]!) into.inside80 += 1;
    if (value >= forecast.lower95[step]! && value <= forecast.upper95[step]!) into.inside95 += 1;
    into.count += 1;
  }
}

const scoreOf = (from: ScoreTally): BacktestScore => ({
  mape: round2((100 * from.ape) / from.count),
  coverage80: Math.round((1000 * from.inside80) / from.count) / 1000,
  coverage95: Math.round((1000 * from.inside95) / from.count) / 1000,
});

/**
 * Rolling-origin evaluation: from each of the last `origins` weekly origins whose next `horizon`
 * weeks are known, fit on the window before it, forecast, and compare with what happened —
 * MAPE over every step, and the share of actual closes inside the 80 % and 95 % intervals;
 * the naive forecast is scored on the same origins.
 */
export function rollingBacktest(values: readonly number[], options: { origins: number; horizon: number; window?: number }): Backtest {
  const window = options.window ?? FIT_WINDOW_WEEKS;
  const lastOrigin = values.length - options.horizon;
  const firstOrigin = Math.max(MIN_WEEKS, lastOrigin - options.origins + 1);
  const model = emptyTally();
  const naive = emptyTally();
  let origins = 0;
  for (let origin = firstOrigin; origin <= lastOrigin; origin += 1) {
    const train = values.slice(Math.max(0, origin - window), origin);
    const actual = values.slice(origin, origin + options.horizon);
    tally(model, etsForecast(train, options.horizon), actual);
    tally(naive, naiveForecast(train, options.horizon), actual);
    origins += 1;
  }
  if (origins === 0) throw new Error('too few weekly closes for a backtest');
  const modelScore = scoreOf(model);
  const naiveScore = scoreOf(naive);
  return { origins, horizonWeeks: options.horizon, model: modelScore, naive: naiveScore, beatsNaive: modelScore.mape < naiveScore.mape };
}

/** The forecast from the end of the weekly series, dated on the following Fridays. */
export function forecastPoints(weekly: readonly PricePoint[], horizon: number): ForecastPoint[] {
  const values = weekly.slice(-FIT_WINDOW_WEEKS).map((point) => point.price);
  const forecast = etsForecast(values, horizon);
  const lastDay = dayOf(weekly.at(-1)!.date);
  return forecast.mean.map((value, step) => ({
    date: dateOf(lastDay + 7 * (step + 1)),
    mean: round2(value),
    lower80: round2(forecast.lower80[step]!),
    upper80: round2(forecast.upper80[step]!),
    lower95: round2(forecast.lower95[step]!),
    upper95: round2(forecast.upper95[step]!),
  }));
}

/** Level shifts in the weekly closes of the window (augurs' normal-gamma Bayesian online change-point detector). */
export function changepointsOf(weekly: readonly PricePoint[], window = FIT_WINDOW_WEEKS): Changepoint[] {
  initAugurs();
  const recent = weekly.slice(-window);
  const detector = ChangepointDetector.normalGamma();
  try {
    const indices = detector.detectChangepoints(Float64Array.from(recent.map((point) => point.price))).indices.filter((index) => index > 0);
    const bounds = [0, ...indices, recent.length];
    return indices.map((index, position) => ({
      date: recent[index]!.date,
      meanBefore: round2(mean(recent.slice(bounds[position], index).map((point) => point.price))),
      meanAfter: round2(mean(recent.slice(index, bounds[position + 2]).map((point) => point.price))),
    }));
  } finally {
    detector.free();
  }
}

const VOLATILITY_WEEKS = 13;

/**
 * Annualised volatility of the last 13 weekly log returns, and where it stands among every
 * 13-week window of the history: below the 25th percentile is a low regime, above the 75th high.
 */
export function volatilityOf(weekly: readonly PricePoint[]): { regime: 'low' | 'normal' | 'high'; annualisedPercent: number; percentile: number } {
  const returns = weekly.slice(1).map((point, index) => Math.log(point.price / weekly[index]!.price));
  const rolling: number[] = [];
  for (let end = VOLATILITY_WEEKS; end <= returns.length; end += 1) rolling.push(standardDeviation(returns.slice(end - VOLATILITY_WEEKS, end)));
  const current = rolling.at(-1) ?? 0;
  const percentile = rolling.length === 0 ? 50 : (100 * rolling.filter((value) => value <= current).length) / rolling.length;
  return {
    regime: percentile < 25 ? 'low' : percentile > 75 ? 'high' : 'normal',
    annualisedPercent: round2(current * Math.sqrt(52) * 100),
    percentile: Math.round(percentile),
  };
}

/** Least-squares slope of the log closes over the last 13 weeks, as a weekly percentage; under ±0.25 %/week is flat. */
export function trendOf(weekly: readonly PricePoint[]): { direction: 'rising' | 'falling' | 'flat'; percentPerWeek: number; change13Weeks: number } {
  const recent = weekly.slice(-(VOLATILITY_WEEKS + 1));
  const logs = recent.map((point) => Math.log(point.price));
  const xMean = (logs.length - 1) / 2;
  const yMean = mean(logs);
  const slope =
    logs.reduce((sum, value, index) => sum + (index - xMean) * (value - yMean), 0) / logs.reduce((sum, _value, index) => sum + (index - xMean) ** 2, 0);
  const percentPerWeek = (Math.exp(slope) - 1) * 100;
  return {
    direction: Math.abs(percentPerWeek) < 0.25 ? 'flat' : percentPerWeek > 0 ? 'rising' : 'falling',
    percentPerWeek: round2(percentPerWeek),
    change13Weeks: round2((recent.at(-1)!.price / recent[0]!.price - 1) * 100),
  };
}

/** The forecast fitted on all but the last `horizon` weeks, scored on those held-out weeks (bench/forecast.bench.ts). */
export function holdoutEvaluation(weekly: readonly PricePoint[], horizon = MAX_HORIZON_WEEKS) {
  const values = weekly.map((point) => point.price);
  const train = values.slice(-FIT_WINDOW_WEEKS - horizon, -horizon);
  const actual = values.slice(-horizon);
  const started = performance.now();
  const forecast = etsForecast(train, horizon);
  const fitMs = performance.now() - started;
  const model = emptyTally();
  const naive = emptyTally();
  tally(model, forecast, actual);
  tally(naive, naiveForecast(train, horizon), actual);
  return { fitMs, model: scoreOf(model), naive: scoreOf(naive) };
}
