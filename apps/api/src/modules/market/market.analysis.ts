import type { Backtest, Changepoint, ForecastPoint, MarketSeriesInfo, PricePoint } from '@carbonledger/contracts';
import type { MarketDataSource } from './market.data';
import { MAX_HORIZON_WEEKS, MIN_WEEKS, changepointsOf, forecastPoints, rollingBacktest, trendOf, volatilityOf, weeklyCloses } from './market.model';

/** Backtest origins: the last year of weekly forecasts. */
export const BACKTEST_ORIGINS = 52;
/** How long a process keeps a loaded series before it reads the source again (the refresh job reads it sooner). */
const RELOAD_AFTER_MS = 5 * 60_000;

/** Everything the widgets show of the price series, computed once per series version. */
export interface MarketAnalysis {
  info: MarketSeriesInfo;
  /** What identifies this version of the series: observations, last date and price. */
  fingerprint: string;
  daily: PricePoint[];
  weekly: PricePoint[];
  model: {
    name: string;
    fittedAt: string;
    fitMs: number;
    points: ForecastPoint[];
    backtest: Backtest;
    trend: ReturnType<typeof trendOf>;
    volatility: ReturnType<typeof volatilityOf>;
    changepoints: Changepoint[];
  } | null;
}

export const fingerprintOf = (daily: readonly PricePoint[]) => `${daily.length}:${daily.at(-1)?.date ?? '-'}:${daily.at(-1)?.price ?? '-'}`;

/** Fits the model, runs the backtest and the detectors on the series: pure, a few hundred milliseconds on the embedded series. */
export function analyse(info: MarketSeriesInfo, daily: PricePoint[], now: () => Date = () => new Date()): MarketAnalysis {
  const weekly = weeklyCloses(daily);
  const base = { info, fingerprint: fingerprintOf(daily), daily, weekly };
  if (weekly.length < MIN_WEEKS + MAX_HORIZON_WEEKS) return { ...base, model: null };
  const started = performance.now();
  const points = forecastPoints(weekly, MAX_HORIZON_WEEKS);
  const fitMs = Math.round((performance.now() - started) * 10) / 10;
  return {
    ...base,
    model: {
      name: 'AutoETS (augurs; error and trend form chosen by AICc) on weekly closes of the last 5 years',
      fittedAt: now().toISOString(),
      fitMs,
      points,
      backtest: rollingBacktest(
        weekly.map((point) => point.price),
        { origins: BACKTEST_ORIGINS, horizon: MAX_HORIZON_WEEKS },
      ),
      trend: trendOf(weekly),
      volatility: volatilityOf(weekly),
      changepoints: changepointsOf(weekly),
    },
  };
}

/**
 * The process's analysis of the series: read from the source at most every few minutes and
 * refitted only when the series changed. One computation at a time (callers share it).
 */
export class MarketState {
  private current: MarketAnalysis | null = null;
  private loadedAt = 0;
  private pending: Promise<{ analysis: MarketAnalysis; previous: MarketAnalysis | null }> | null = null;

  constructor(
    private readonly source: MarketDataSource,
    private readonly clock: () => number = Date.now,
  ) {}

  async analysis(): Promise<MarketAnalysis> {
    if (this.current && this.clock() - this.loadedAt < RELOAD_AFTER_MS) return this.current;
    return (await this.refresh()).analysis;
  }

  /** Reads the source now; refits when the series differs from the one analysed. Tells what it had before. */
  refresh(): Promise<{ analysis: MarketAnalysis; previous: MarketAnalysis | null }> {
    this.pending ??= (async () => {
      try {
        const daily = await this.source.load();
        const previous = this.current;
        const analysis = previous && previous.fingerprint === fingerprintOf(daily) ? previous : analyse(this.source.info, daily);
        this.current = analysis;
        this.loadedAt = this.clock();
        return { analysis, previous };
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }
}
