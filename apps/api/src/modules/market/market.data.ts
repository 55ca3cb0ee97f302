import { readFile } from 'node:fs/promises';
import { MARKET_SERIES, type MarketSeriesInfo, type PricePoint } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';

/**
 * Where the carbon price observations come from. The embedded file is the default; a live feed
 * (MARKET_DATA_URL) replaces it in production. Every source answers the same series: NZ ETS
 * compliance units in NZD per tonne (docs/product.md §2 AI market-intelligence widgets).
 */
export interface MarketDataSource {
  readonly info: MarketSeriesInfo;
  /** Daily observations in date order, one per date. */
  load(): Promise<PricePoint[]>;
}

const EMBEDDED_FILE = new URL('./data/nzu-spot-prices.csv', import.meta.url);
const LICENCE = 'Open Data Commons Public Domain Dedication and Licence 1.0';

/**
 * `date,price` lines (a header, optional quotes) into sorted observations; a repeated date keeps
 * its last price. Lines that are not a date and a positive price are refused, not skipped: a
 * feed that sends something else is broken and says so.
 */
export function parsePriceCsv(text: string): PricePoint[] {
  const byDate = new Map<string, number>();
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  for (const [index, line] of lines.entries()) {
    const [rawDate = '', rawPrice = ''] = line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, ''));
    if (index === 0 && rawDate.toLowerCase() === 'date') continue;
    const price = Number(rawPrice);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(rawDate) || Number.isNaN(Date.parse(rawDate)) || !Number.isFinite(price) || price <= 0) {
      throw new Error(`line ${index + 1} is not "date,price": ${line.slice(0, 80)}`);
    }
    byDate.set(rawDate, price);
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, price]) => ({ date, price }));
}

export function embeddedMarketSource(file: URL = EMBEDDED_FILE): MarketDataSource {
  return {
    info: { ...MARKET_SERIES, source: 'Embedded series theecanmole/nzu spotprices.csv (commit 528a62b)', licence: LICENCE },
    load: async () => parsePriceCsv(await readFile(file, 'utf8')),
  };
}

/**
 * A live feed: GET MARKET_DATA_URL answering the same `date,price` CSV, or JSON
 * `[{ date, price }]`. A feed that is down or answers something else is a 503
 * MARKET__SOURCE_UNAVAILABLE, never a made-up series.
 */
export function httpMarketSource(url: string, fetchImpl: typeof fetch = fetch): MarketDataSource {
  return {
    info: { ...MARKET_SERIES, source: `Live feed ${new URL(url).host}`, licence: 'As published by the feed' },
    async load() {
      try {
        const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = await response.text();
        if (!body.trimStart().startsWith('[')) return parsePriceCsv(body);
        const rows = JSON.parse(body) as unknown;
        if (!Array.isArray(rows)) throw new Error('not a list');
        return parsePriceCsv(['date,price', ...rows.map((row: { date?: unknown; price?: unknown }) => `${String(row.date)},${String(row.price)}`)].join('\n'));
      } catch (error) {
        throw new AppError('MARKET__SOURCE_UNAVAILABLE', undefined, { cause: error });
      }
    },
  };
}

export function marketSourceOf(config: { marketDataUrl?: string | undefined }): MarketDataSource {
  return config.marketDataUrl ? httpMarketSource(config.marketDataUrl) : embeddedMarketSource();
}
