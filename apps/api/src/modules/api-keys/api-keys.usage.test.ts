import { describe, expect, it } from 'vitest';
import { USAGE_LATENCY_BOUNDS_MS } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { percentileOf, UsageAggregator, type UsageEvent } from './api-keys.usage';

const event = (overrides: Partial<UsageEvent> = {}): UsageEvent => ({
  tenantId: '00000000-0000-4000-8000-000000000001',
  companyId: '00000000-0000-4000-8000-000000000002',
  apiKeyId: '00000000-0000-4000-8000-000000000003',
  method: 'GET',
  route: '/api/v1/transactions',
  statusCode: 200,
  latencyMs: 7,
  at: new Date('2026-11-24T10:15:30Z'),
  ...overrides,
});

/** A database whose system transactions record the usage rows inserted, failing the first `failures` times. */
function recordingDatabase(failures: number) {
  const inserted: Record<string, unknown>[][] = [];
  let calls = 0;
  const tx = {
    insert: () => ({ values: (rows: Record<string, unknown>[]) => ({ onConflictDoUpdate: async () => void inserted.push(rows) }) }),
    update: () => ({ set: () => ({ where: async () => undefined }) }),
    delete: () => ({ where: async () => undefined }),
  };
  const database = {
    asSystem: async (work: (t: unknown) => Promise<unknown>) => {
      calls += 1;
      if (calls <= failures) throw new Error('database unavailable');
      return work(tx);
    },
  } as unknown as Database;
  return { database, inserted };
}

describe('usage aggregation', () => {
  it('adds the calls of one key, minute and endpoint into one row, errors and latency buckets included', async () => {
    const { database, inserted } = recordingDatabase(0);
    const usage = new UsageAggregator(database);
    usage.record(event());
    usage.record(event({ statusCode: 429, latencyMs: 0.4 }));
    usage.record(event({ at: new Date('2026-11-24T10:15:59Z'), latencyMs: 15_000 }));
    usage.record(event({ route: '/api/v1/companies' }));
    await usage.flush();
    expect(inserted).toHaveLength(1);
    const [transactions, companies] = inserted[0]!;
    expect(transactions).toMatchObject({ minute: new Date('2026-11-24T10:15:00Z'), requests: 3, errors: 1 });
    const histogram = transactions!.latencyHistogram as number[];
    expect(histogram).toHaveLength(USAGE_LATENCY_BOUNDS_MS.length + 1);
    expect(histogram[0]).toBe(1);
    expect(histogram[USAGE_LATENCY_BOUNDS_MS.indexOf(10)]).toBe(1);
    expect(histogram[USAGE_LATENCY_BOUNDS_MS.length]).toBe(1);
    expect(companies).toMatchObject({ route: '/api/v1/companies', requests: 1, errors: 0 });
    await usage.flush();
    expect(inserted).toHaveLength(1);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const { database, inserted } = recordingDatabase(1);
    const usage = new UsageAggregator(database);
    usage.record(event());
    await expect(usage.flush()).rejects.toThrow('database unavailable');
    usage.record(event());
    await usage.flush();
    expect(inserted).toHaveLength(1);
    expect(inserted[0]![0]).toMatchObject({ requests: 2 });
  });

  it('reads percentiles from the histogram as bucket upper bounds', () => {
    const histogram = new Array<number>(USAGE_LATENCY_BOUNDS_MS.length + 1).fill(0);
    histogram[USAGE_LATENCY_BOUNDS_MS.indexOf(5)] = 90;
    histogram[USAGE_LATENCY_BOUNDS_MS.indexOf(200)] = 9;
    histogram[USAGE_LATENCY_BOUNDS_MS.length] = 1;
    expect(percentileOf(histogram, 50)).toBe(5);
    expect(percentileOf(histogram, 95)).toBe(200);
    expect(percentileOf(histogram, 99)).toBe(200);
    expect(percentileOf(histogram, 100)).toBe(10_000);
    expect(
      percentileOf(
        histogram.map(() => 0),
        50,
      ),
    ).toBeNull();
  });
});
