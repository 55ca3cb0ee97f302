import type { CarbonPrice, MarketConditions, MarketForecast, PriceRange, PricePoint } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import type { MarketState } from './market.analysis';
import { round2 } from './market.model';
import { dailyVolume } from './market.repository';

export interface MarketQueryDeps {
  db: Database;
  state: MarketState;
}

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<PriceRange, number | null> = { '1m': 31, '3m': 92, '1y': 366, '5y': 1827, all: null };
const shiftDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The change from the last observation on or before `days` before the latest; null when the series does not reach that far back. */
function changeOver(daily: readonly PricePoint[], days: number): CarbonPrice['changes']['week'] {
  const latest = daily.at(-1);
  if (!latest) return null;
  const start = shiftDays(latest.date, days);
  const base = daily.findLast((point) => point.date <= start);
  if (!base) return null;
  return { from: base.date, absolute: round2(latest.price - base.price), percent: round2((latest.price / base.price - 1) * 100) };
}

/** GET /market/price. */
export async function carbonPrice(deps: MarketQueryDeps, range: PriceRange): Promise<CarbonPrice> {
  const { info, daily } = await deps.state.analysis();
  const latest = daily.at(-1) ?? null;
  const days = RANGE_DAYS[range];
  const from = latest && days !== null ? shiftDays(latest.date, days) : null;
  return {
    series: info,
    latest,
    changes: { week: changeOver(daily, 7), month: changeOver(daily, 30), year: changeOver(daily, 365) },
    range,
    points: from ? daily.filter((point) => point.date >= from) : daily,
  };
}

/** GET /market/forecast: the first `horizon` weeks of the stored 12-week forecast. */
export async function marketForecast(deps: MarketQueryDeps, horizon: number): Promise<MarketForecast> {
  const { info, weekly, model } = await deps.state.analysis();
  if (!model) return { series: info, forecast: null };
  return {
    series: info,
    forecast: {
      model: model.name,
      fittedAt: model.fittedAt,
      fitMs: model.fitMs,
      trainedThrough: weekly.at(-1)!.date,
      weeklyObservations: weekly.length,
      points: model.points.slice(0, horizon),
      backtest: model.backtest,
    },
  };
}

const VOLUME_DAYS = 30;

/** GET /market/conditions: the series' conditions and the last 30 days of the caller's ledger (their company, or the tenant for administrators). */
export async function marketConditions(deps: MarketQueryDeps, actor: Actor, now: () => Date = () => new Date()): Promise<MarketConditions> {
  const { info, weekly, model } = await deps.state.analysis();
  const today = now().toISOString().slice(0, 10);
  const since = new Date(Date.parse(`${shiftDays(today, VOLUME_DAYS - 1)}T00:00:00Z`));
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => dailyVolume(tx, since, companyScopeOf(actor)));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const platformVolume = Array.from({ length: VOLUME_DAYS }, (_, index) => {
    const date = shiftDays(today, VOLUME_DAYS - 1 - index);
    const row = byDay.get(date);
    return { date, minted: trimDecimal(row?.minted ?? '0'), retired: trimDecimal(row?.retired ?? '0') };
  });
  if (!model) return { series: info, conditions: null, platformVolume };
  const firstShown = model.changepoints[0]?.date;
  const chartFrom = shiftDays(firstShown && firstShown < shiftDays(weekly.at(-1)!.date, 365) ? firstShown : weekly.at(-1)!.date, 365);
  return {
    series: info,
    conditions: {
      trend: model.trend,
      volatility: model.volatility,
      changepoints: model.changepoints,
      weekly: weekly.filter((point) => point.date >= chartFrom),
    },
    platformVolume,
  };
}

/** PostgreSQL numeric text ("12.500000") as the plain decimal tonnesString expects ("12.5"). */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
