import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { MarketState } from './market.analysis';
import { httpMarketSource, type MarketDataSource } from './market.data';
import { refreshMarket } from './market.jobs';

const answer = (body: string, status = 200) => (async () => new Response(body, { status })) as unknown as typeof fetch;

describe('MARKET_DATA_URL feed', () => {
  it('reads a CSV or a JSON list of observations', async () => {
    await expect(httpMarketSource('https://prices.example/nzu.csv', answer('date,price\n2026-07-01,55.5\n')).load()).resolves.toEqual([
      { date: '2026-07-01', price: 55.5 },
    ]);
    await expect(httpMarketSource('https://prices.example/nzu', answer('[{"date":"2026-07-02","price":56}]')).load()).resolves.toEqual([
      { date: '2026-07-02', price: 56 },
    ]);
  });

  it('answers MARKET__SOURCE_UNAVAILABLE when the feed is down or sends something else, never a made-up series', async () => {
    for (const fetchImpl of [answer('oops', 500), answer('<html>maintenance</html>'), answer('{"price":1}')]) {
      const failure = await httpMarketSource('https://prices.example/nzu', fetchImpl)
        .load()
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).is('MARKET__SOURCE_UNAVAILABLE')).toBe(true);
    }
  });
});

describe('market refresh job', () => {
  it('refits and announces a new price once; an unchanged series is neither refitted nor announced', async () => {
    const weeks = Array.from({ length: 60 }, (_, index) => ({
      date: new Date(Date.UTC(2025, 0, 3) + index * 7 * 86_400_000).toISOString().slice(0, 10),
      price: 50 + Math.sin(index / 3) * 4,
    }));
    let series = weeks.slice(0, 59);
    const source: MarketDataSource = { info: httpMarketSource('https://prices.example/x').info, load: async () => series };
    const state = new MarketState(source);
    const sent: unknown[] = [];
    const live = { emitToMembers: (event: string, payload: unknown) => void sent.push([event, payload]) };

    expect(await refreshMarket(state, live)).toBe(true);
    const first = await state.analysis();
    expect(first.model?.points).toHaveLength(12);
    expect(await refreshMarket(state, live)).toBe(false);
    expect(sent).toHaveLength(1);

    series = weeks;
    expect(await refreshMarket(state, live)).toBe(true);
    expect(sent.slice(1)).toEqual([
      ['market_update', expect.objectContaining({ kind: 'price', latestDate: weeks.at(-1)!.date })],
      ['market_update', expect.objectContaining({ kind: 'forecast', latestDate: weeks.at(-1)!.date })],
    ]);
    expect((await state.analysis()).model!.points[0]!.date > first.model!.points[0]!.date).toBe(true);
  });
});
