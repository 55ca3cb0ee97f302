import { USAGE_LATENCY_BOUNDS_MS } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { addUsage, deleteUsageBefore, touchLastUsed, type UsageRow } from './api-keys.repository';

/** How often the buffered counts reach the database; a usage read flushes first, so its own process's calls are never missing. */
export const USAGE_FLUSH_INTERVAL_MS = 5000;
/** docs/product.md §9: the longest usage period is 90 days; older aggregates are deleted. */
const RETENTION_MS = 90 * 86_400_000;

export interface UsageEvent {
  tenantId: string;
  companyId: string;
  apiKeyId: string;
  method: string;
  route: string;
  statusCode: number;
  latencyMs: number;
  at: Date;
}

interface Bucket {
  row: UsageRow & { latencyHistogram: number[] };
}

const bucketIndex = (ms: number) => {
  const index = USAGE_LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? USAGE_LATENCY_BOUNDS_MS.length : index;
};

/**
 * Usage analytics without a row per request (docs/product.md §2 Usage Analytics): each call
 * adds to an in-memory bucket per key, minute and endpoint; flush() adds the buckets to the
 * per-minute aggregate rows in one transaction and records each key's last use.
 */
export class UsageAggregator {
  private buckets = new Map<string, Bucket>();
  private lastUsed = new Map<string, Date>();
  private flushing: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(private readonly db: Database) {}

  record(event: UsageEvent): void {
    const minute = new Date(Math.floor(event.at.getTime() / 60_000) * 60_000);
    const id = `${event.apiKeyId}|${minute.getTime()}|${event.method}|${event.route}`;
    let bucket = this.buckets.get(id);
    if (!bucket) {
      bucket = {
        row: {
          tenantId: event.tenantId,
          companyId: event.companyId,
          apiKeyId: event.apiKeyId,
          minute,
          method: event.method,
          route: event.route,
          requests: 0,
          errors: 0,
          latencyHistogram: new Array<number>(USAGE_LATENCY_BOUNDS_MS.length + 1).fill(0),
        },
      };
      this.buckets.set(id, bucket);
    }
    bucket.row.requests += 1;
    if (event.statusCode >= 400) bucket.row.errors += 1;
    bucket.row.latencyHistogram[bucketIndex(event.latencyMs)]! += 1;
    const previous = this.lastUsed.get(event.apiKeyId);
    if (!previous || previous < event.at) this.lastUsed.set(event.apiKeyId, event.at);
  }

  /** Writes what is buffered; flushes run one after another, and a failed one keeps its counts for the next. */
  flush(): Promise<void> {
    // After the previous flush whatever its outcome: a failed one already put its counts back.
    const next = this.flushing.catch(() => undefined).then(() => this.write());
    this.flushing = next;
    return next;
  }

  private async write(): Promise<void> {
    if (this.buckets.size === 0 && this.lastUsed.size === 0) return;
    const buckets = this.buckets;
    const lastUsed = this.lastUsed;
    this.buckets = new Map();
    this.lastUsed = new Map();
    const prune = Date.now() - this.lastPrune > 3600_000;
    try {
      // One transaction for every tenant's keys: a background write, like the other sweeps (docs/architecture.md "Tenancy").
      await this.db.asSystem(async (tx) => {
        await addUsage(
          tx,
          [...buckets.values()].map((bucket) => bucket.row),
        );
        for (const [id, at] of lastUsed) await touchLastUsed(tx, id, at);
        if (prune) await deleteUsageBefore(tx, new Date(Date.now() - RETENTION_MS));
      });
      if (prune) this.lastPrune = Date.now();
    } catch (error) {
      for (const [id, bucket] of buckets) this.merge(id, bucket);
      for (const [id, at] of lastUsed) {
        const previous = this.lastUsed.get(id);
        if (!previous || previous < at) this.lastUsed.set(id, at);
      }
      throw error;
    }
  }

  private merge(id: string, bucket: Bucket): void {
    const current = this.buckets.get(id);
    if (!current) {
      this.buckets.set(id, bucket);
      return;
    }
    current.row.requests += bucket.row.requests;
    current.row.errors += bucket.row.errors;
    bucket.row.latencyHistogram.forEach((n, i) => (current.row.latencyHistogram[i]! += n));
  }
}

/** The p-th percentile (0–100) of a histogram, as the upper bound of the bucket it falls in. */
export function percentileOf(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let i = 0; i < histogram.length; i += 1) {
    seen += histogram[i]!;
    // The overflow bucket reads as the last bound: slower requests hit the 10 s API timeout (docs/product.md §9).
    if (seen >= rank) return USAGE_LATENCY_BOUNDS_MS[Math.min(i, USAGE_LATENCY_BOUNDS_MS.length - 1)]!;
  }
  return null;
}
