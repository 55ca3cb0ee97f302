import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Registry, Summary } from 'prom-client';
import type { MetricsSnapshot, RouteMetrics } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { Cache } from '../../lib/cache';
import { queueSummaries } from './jobs-monitor.service';
import * as repository from './operations.repository';

/** The Performance tab's rates cover the last minute, in six ten-second slots. */
const SLOT_MS = 10_000;
const SLOTS = 6;
/** Latency percentiles over the last ten minutes. */
const PERCENTILE_WINDOW_SECONDS = 600;
const SAMPLE_INTERVAL_MS = 5000;
/** A statement running longer than this is listed on the Database tab. */
const SLOW_QUERY_MS = 1000;

/** Counts in a sliding window of SLOTS × SLOT_MS. */
class SlidingCounts {
  private readonly slots = Array.from({ length: SLOTS }, () => ({ start: 0, values: [0, 0] }));

  add(now: number, ...values: number[]) {
    const start = now - (now % SLOT_MS);
    const slot = this.slots[(start / SLOT_MS) % SLOTS]!;
    if (slot.start !== start) {
      slot.start = start;
      slot.values = [0, 0];
    }
    values.forEach((value, index) => (slot.values[index]! += value));
  }

  sums(now: number): number[] {
    const oldest = now - (now % SLOT_MS) - (SLOTS - 1) * SLOT_MS;
    return this.slots.filter((slot) => slot.start >= oldest).reduce((sums, slot) => sums.map((sum, index) => sum + slot.values[index]!), [0, 0]);
  }
}

export interface MetricsSources {
  db: Database;
  cache: Cache;
  /** socket.io's figures, once the realtime layer is up. */
  sockets(): { connectedSockets: number; connectedUsers: number };
}

export interface MetricsCollector {
  readonly registry: Registry;
  observeRequest(request: { method: string; route: string | undefined; status: number; durationMs: number; bytesIn: number; bytesOut: number }): void;
  snapshot(): Promise<MetricsSnapshot>;
  close(): void;
}

const ms = (seconds: number | undefined) => (seconds === undefined || Number.isNaN(seconds) ? null : Math.round(seconds * 100_000) / 100);

/**
 * The figures of docs/product.md §2 System Metrics, kept once for both readers: the screen
 * (snapshot(), sent with system_stats_update) and Prometheus (GET /metrics, the registry).
 */
export function createMetricsCollector(sources: MetricsSources): MetricsCollector {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'carbonledger_http_requests_total',
    help: 'HTTP answers by route and status class',
    labelNames: ['method', 'route', 'status_class'],
    registers: [registry],
  });
  const duration = new Summary({
    name: 'carbonledger_http_request_duration_seconds',
    help: 'HTTP answer time by route (last 10 minutes)',
    labelNames: ['method', 'route'],
    percentiles: [0.5, 0.95, 0.99],
    maxAgeSeconds: PERCENTILE_WINDOW_SECONDS,
    ageBuckets: 5,
    registers: [registry],
  });
  const overall = new Summary({
    name: 'carbonledger_http_request_duration_all_seconds',
    help: 'HTTP answer time of every route together (last 10 minutes)',
    percentiles: [0.5, 0.95, 0.99],
    maxAgeSeconds: PERCENTILE_WINDOW_SECONDS,
    ageBuckets: 5,
    registers: [registry],
  });
  const received = new Counter({ name: 'carbonledger_http_received_bytes_total', help: 'Request bodies received', registers: [registry] });
  const sent = new Counter({ name: 'carbonledger_http_sent_bytes_total', help: 'Answer bodies sent', registers: [registry] });
  new Gauge({
    name: 'carbonledger_realtime_connected_sockets',
    help: 'Open socket.io connections',
    registers: [registry],
    collect() {
      this.set(sources.sockets().connectedSockets);
    },
  });
  new Gauge({
    name: 'carbonledger_database_size_bytes',
    help: 'Size of the database',
    registers: [registry],
    async collect() {
      const size = await sources.db.asSystem((tx) => repository.databaseSizeBytes(tx)).catch(() => null);
      if (size !== null) this.set(size);
    },
  });
  new Gauge({
    name: 'carbonledger_jobs',
    help: 'Jobs per queue and status',
    labelNames: ['queue', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of await queueSummaries(sources.db).catch(() => [])) {
        for (const [status, count] of Object.entries(queue.counts)) this.set({ queue: queue.name, status }, count);
      }
    },
  });
  new Gauge({
    name: 'carbonledger_cache_hit_ratio',
    help: "This process's cache hits over reads",
    registers: [registry],
    async collect() {
      const counters = await sources.cache.counters().catch(() => null);
      if (counters && counters.hits + counters.misses > 0) this.set(counters.hits / (counters.hits + counters.misses));
    },
  });

  const perRoute = new Map<string, { method: string; route: string; window: SlidingCounts; total: number }>();
  const everything = new SlidingCounts();
  const bandwidth = new SlidingCounts();
  let bytesIn = 0;
  let bytesOut = 0;

  // CPU and event-loop lag are rates: sampled on a timer, so every reader sees the same figure.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  let cpuPercent = 0;
  let eventLoopLagMs = 0;
  let lastCpu = process.cpuUsage();
  let lastSampleAt = process.hrtime.bigint();
  const sampler = setInterval(() => {
    const now = process.hrtime.bigint();
    const cpu = process.cpuUsage(lastCpu);
    const elapsedMicros = Number(now - lastSampleAt) / 1000;
    cpuPercent = elapsedMicros > 0 ? Math.round(((cpu.user + cpu.system) / elapsedMicros) * 1000) / 10 : 0;
    eventLoopLagMs = Math.round((loopDelay.mean / 1e6) * 100) / 100 || 0;
    loopDelay.reset();
    lastCpu = process.cpuUsage();
    lastSampleAt = now;
  }, SAMPLE_INTERVAL_MS);
  sampler.unref();

  async function percentilesByRoute(): Promise<Map<string, Record<string, number>>> {
    const byRoute = new Map<string, Record<string, number>>();
    for (const value of (await duration.get()).values) {
      // prom-client adds the quantile label to a summary's values; its types know only the declared ones.
      const { method, route, quantile } = value.labels as Record<string, string | number | undefined>;
      if (quantile === undefined) continue;
      const key = `${String(method)} ${String(route)}`;
      byRoute.set(key, { ...byRoute.get(key), [String(quantile)]: value.value });
    }
    return byRoute;
  }

  async function databaseFigures(): Promise<MetricsSnapshot['database']> {
    const kind = sources.db.kind;
    return sources.db
      .asSystem(async (tx) => ({
        kind,
        sizeBytes: await repository.databaseSizeBytes(tx),
        pool: kind === 'postgres' ? await repository.connectionCounts(tx) : null,
        slowQueries: kind === 'postgres' ? await repository.slowQueries(tx, SLOW_QUERY_MS) : [],
      }))
      .catch(() => ({ kind, sizeBytes: null, pool: null, slowQueries: [] }));
  }

  return {
    registry,
    observeRequest({ method, route, status, durationMs, bytesIn: inBytes, bytesOut: outBytes }) {
      // Unmatched paths (404s of any URL) share one label, or every scanner's guess would be a series.
      const label = route ?? 'unmatched';
      const failed = status >= 500 ? 1 : 0;
      const now = Date.now();
      requests.inc({ method, route: label, status_class: `${Math.floor(status / 100)}xx` });
      duration.observe({ method, route: label }, durationMs / 1000);
      overall.observe(durationMs / 1000);
      received.inc(inBytes);
      sent.inc(outBytes);
      bytesIn += inBytes;
      bytesOut += outBytes;
      bandwidth.add(now, inBytes, outBytes);
      everything.add(now, 1, failed);
      const key = `${method} ${label}`;
      const entry = perRoute.get(key) ?? { method, route: label, window: new SlidingCounts(), total: 0 };
      entry.window.add(now, 1, failed);
      entry.total += 1;
      perRoute.set(key, entry);
    },
    async snapshot() {
      const now = Date.now();
      const percentiles = await percentilesByRoute();
      const all = Object.fromEntries(
        (await overall.get()).values.filter((value) => value.labels.quantile !== undefined).map((value) => [String(value.labels.quantile), value.value]),
      );
      const routes: RouteMetrics[] = [...perRoute.entries()].map(([key, entry]) => {
        const [count, failed] = entry.window.sums(now) as [number, number];
        const quantiles = percentiles.get(key) ?? {};
        return {
          method: entry.method,
          route: entry.route,
          requestsPerMinute: count,
          errorRate: count > 0 ? failed / count : 0,
          total: entry.total,
          p50Ms: ms(quantiles['0.5']),
          p95Ms: ms(quantiles['0.95']),
          p99Ms: ms(quantiles['0.99']),
        };
      });
      routes.sort((a, b) => b.requestsPerMinute - a.requestsPerMinute || b.total - a.total);
      const [count, failed] = everything.sums(now) as [number, number];
      const [inWindow, outWindow] = bandwidth.sums(now) as [number, number];
      const memory = process.memoryUsage();
      const windowSeconds = (SLOTS * SLOT_MS) / 1000;
      return {
        timestamp: new Date(now).toISOString(),
        performance: {
          requestsPerMinute: count,
          errorRate: count > 0 ? failed / count : 0,
          p50Ms: ms(all['0.5']),
          p95Ms: ms(all['0.95']),
          p99Ms: ms(all['0.99']),
          routes,
        },
        database: await databaseFigures(),
        network: {
          ...sources.sockets(),
          bytesIn,
          bytesOut,
          bytesInPerSecond: Math.round(inWindow / windowSeconds),
          bytesOutPerSecond: Math.round(outWindow / windowSeconds),
        },
        system: {
          cpuPercent,
          loadAverage: os.loadavg(),
          rssBytes: memory.rss,
          heapUsedBytes: memory.heapUsed,
          heapTotalBytes: memory.heapTotal,
          totalMemoryBytes: os.totalmem(),
          freeMemoryBytes: os.freemem(),
          eventLoopLagMs,
          uptimeSeconds: Math.round(process.uptime()),
        },
      };
    },
    close() {
      clearInterval(sampler);
      loopDelay.disable();
    },
  };
}
