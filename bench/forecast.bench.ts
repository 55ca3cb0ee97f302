import { embeddedMarketSource } from '../apps/api/src/modules/market';
import { BACKTEST_ORIGINS } from '../apps/api/src/modules/market/market.analysis';
import { MAX_HORIZON_WEEKS, holdoutEvaluation, rollingBacktest, weeklyCloses } from '../apps/api/src/modules/market/market.model';
import { measure } from './harness';

/**
 * The market forecast (docs/market.md) on the shipped NZU series: the time to fit AutoETS on
 * five years of weekly closes, the held-out last 12 weeks scored for the model and the naive
 * last-value forecast (MAPE, share of actual closes inside the 95 % and 80 % intervals), and
 * the rolling-origin backtest the predictions widget shows.
 */
export async function run(): Promise<void> {
  const weekly = weeklyCloses(await embeddedMarketSource().load());
  const fit = await measure('AutoETS fit + 12-week forecast', 30, async () => holdoutEvaluation(weekly, MAX_HORIZON_WEEKS));
  const holdout = holdoutEvaluation(weekly, MAX_HORIZON_WEEKS);
  console.log(`\nForecast of the held-out last ${MAX_HORIZON_WEEKS} weeks (${weekly.at(-MAX_HORIZON_WEEKS)!.date} → ${weekly.at(-1)!.date})`);
  console.log(`  fit time                      ${(1000 / fit.opsPerSecond).toFixed(1)} ms mean, p99 ${fit.p99Ms.toFixed(1)} ms`);
  for (const [name, score] of [
    ['AutoETS', holdout.model],
    ['naive (last value)', holdout.naive],
  ] as const) {
    console.log(
      `  ${name.padEnd(20)} MAPE ${score.mape.toFixed(2)} %   95 % coverage ${(score.coverage95 * 100).toFixed(0)} %   80 % coverage ${(score.coverage80 * 100).toFixed(0)} %`,
    );
  }
  const started = performance.now();
  const backtest = rollingBacktest(
    weekly.map((point) => point.price),
    { origins: BACKTEST_ORIGINS, horizon: MAX_HORIZON_WEEKS },
  );
  console.log(`\nRolling-origin backtest, ${backtest.origins} origins × ${backtest.horizonWeeks} weeks (${(performance.now() - started).toFixed(0)} ms)`);
  for (const [name, score] of [
    ['AutoETS', backtest.model],
    ['naive (last value)', backtest.naive],
  ] as const) {
    console.log(
      `  ${name.padEnd(20)} MAPE ${score.mape.toFixed(2)} %   95 % coverage ${(score.coverage95 * 100).toFixed(1)} %   80 % coverage ${(score.coverage80 * 100).toFixed(1)} %`,
    );
  }
  console.log(`  the model ${backtest.beatsNaive ? 'beats' : 'does NOT beat'} the naive forecast on MAPE`);
}
