import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** What the Cache Dashboard shows of one key (docs/product.md §3 Cache key). */
export interface CacheEntryInfo {
  key: string;
  type: string;
  /** Seconds left; null when the key does not expire. */
  ttlSeconds: number | null;
  memoryBytes: number;
  lastAccessAt: Date | null;
}

export interface CacheCounters {
  keys: number;
  memoryBytes: number;
  maxMemoryBytes: number;
  hits: number;
  misses: number;
}

/**
 * The product's cache of hot reads: Redis when REDIS_URL is set (shared by every node), else
 * an in-process LRU. Values are JSON. Hits and misses are this process's own counts.
 */
export interface Cache {
  readonly backend: 'memory' | 'redis';
  readonly defaultTtlSeconds: number;
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds?: number): Promise<void>;
  /** The stored value, else `load()`'s, stored for `ttlSeconds`. A cache that fails is read through, never in the way. */
  wrap<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T>;
  delete(key: string): Promise<boolean>;
  /** Deletes every key matching the glob (`*`, `?`); answers how many. */
  deleteMatching(pattern: string): Promise<number>;
  list(pattern: string, limit: number): Promise<{ entries: CacheEntryInfo[]; truncated: boolean }>;
  counters(): Promise<CacheCounters>;
  close(): Promise<void>;
}

export const CACHE_DEFAULT_TTL_SECONDS = 60;
/** The in-process cache's bound: values are small JSON documents (lists, prices). */
const MEMORY_MAX_BYTES = 32 * 1024 * 1024;
const REDIS_PREFIX = 'carbonledger:cache:';
/** How many keys a listing or the counters look at, at most, on Redis. */
const REDIS_SCAN_LIMIT = 10_000;

export function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

interface MemoryEntry {
  json: string;
  type: string;
  size: number;
  lastAccessAt: Date;
}

function memoryCache(defaultTtlSeconds: number): Cache {
  const store = new LRUCache<string, MemoryEntry>({
    maxSize: MEMORY_MAX_BYTES,
    sizeCalculation: (entry) => entry.size,
    ttl: defaultTtlSeconds * 1000,
  });
  let hits = 0;
  let misses = 0;
  const liveKeys = () => [...store.keys()].filter((key) => store.getRemainingTTL(key) > 0);
  const cache: Cache = {
    backend: 'memory',
    defaultTtlSeconds,
    async get<T>(key: string) {
      const entry = store.get(key);
      if (!entry) {
        misses += 1;
        return undefined;
      }
      hits += 1;
      entry.lastAccessAt = new Date();
      return JSON.parse(entry.json) as T;
    },
    async set(key, value, ttlSeconds = defaultTtlSeconds) {
      const json = JSON.stringify(value);
      store.set(
        key,
        { json, type: kindOf(value), size: Buffer.byteLength(key) + Buffer.byteLength(json), lastAccessAt: new Date() },
        { ttl: ttlSeconds * 1000 },
      );
    },
    wrap: (key, ttlSeconds, load) => readThrough(cache, key, ttlSeconds, load),
    async delete(key) {
      return store.delete(key);
    },
    async deleteMatching(pattern) {
      const matcher = globToRegExp(pattern);
      const doomed = liveKeys().filter((key) => matcher.test(key));
      for (const key of doomed) store.delete(key);
      return doomed.length;
    },
    async list(pattern, limit) {
      const matcher = globToRegExp(pattern);
      const matching = liveKeys().filter((key) => matcher.test(key));
      const entries = matching.slice(0, limit).flatMap((key) => {
        const entry = store.peek(key);
        if (!entry) return [];
        const remaining = store.getRemainingTTL(key);
        return [
          {
            key,
            type: entry.type,
            ttlSeconds: Number.isFinite(remaining) ? Math.ceil(remaining / 1000) : null,
            memoryBytes: entry.size,
            lastAccessAt: entry.lastAccessAt,
          },
        ];
      });
      return { entries, truncated: matching.length > limit };
    },
    async counters() {
      const keys = liveKeys();
      return { keys: keys.length, memoryBytes: store.calculatedSize, maxMemoryBytes: MEMORY_MAX_BYTES, hits, misses };
    },
    async close() {
      store.clear();
    },
  };
  return cache;
}

function redisCache(url: string, defaultTtlSeconds: number, prefix: string): Cache {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
  // Failures reach the callers (read through); ioredis also emits them, which must not crash the process.
  client.on('error', () => undefined);
  let hits = 0;
  let misses = 0;

  async function scan(pattern: string, limit: number): Promise<{ keys: string[]; truncated: boolean }> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await client.scan(cursor, 'MATCH', `${prefix}${pattern}`, 'COUNT', 500);
      cursor = next;
      keys.push(...found);
      if (keys.length > limit) return { keys: keys.slice(0, limit), truncated: true };
    } while (cursor !== '0');
    return { keys, truncated: false };
  }

  async function describe(keys: string[]): Promise<CacheEntryInfo[]> {
    if (keys.length === 0) return [];
    const pipeline = client.pipeline();
    for (const key of keys) pipeline.type(key).pttl(key).memory('USAGE', key).object('IDLETIME', key);
    const answers = (await pipeline.exec()) ?? [];
    const now = Date.now();
    return keys.flatMap((key, index) => {
      const [type, pttl, memory, idle] = answers.slice(index * 4, index * 4 + 4).map(([error, value]) => (error ? null : value));
      // -2: the key expired between the scan and now.
      if (pttl === -2 || type === 'none') return [];
      return [
        {
          key: key.slice(prefix.length),
          type: String(type),
          ttlSeconds: typeof pttl === 'number' && pttl >= 0 ? Math.ceil(pttl / 1000) : null,
          memoryBytes: typeof memory === 'number' ? memory : 0,
          lastAccessAt: typeof idle === 'number' ? new Date(now - idle * 1000) : null,
        },
      ];
    });
  }

  const cache: Cache = {
    backend: 'redis',
    defaultTtlSeconds,
    async get<T>(key: string) {
      const json = await client.get(`${prefix}${key}`);
      if (json === null) {
        misses += 1;
        return undefined;
      }
      hits += 1;
      return JSON.parse(json) as T;
    },
    async set(key, value, ttlSeconds = defaultTtlSeconds) {
      await client.set(`${prefix}${key}`, JSON.stringify(value), 'EX', ttlSeconds);
    },
    wrap: (key, ttlSeconds, load) => readThrough(cache, key, ttlSeconds, load),
    async delete(key) {
      return (await client.unlink(`${prefix}${key}`)) > 0;
    },
    async deleteMatching(pattern) {
      let deleted = 0;
      for (;;) {
        const { keys, truncated } = await scan(pattern, REDIS_SCAN_LIMIT);
        if (keys.length > 0) deleted += await client.unlink(...keys);
        if (!truncated) return deleted;
      }
    },
    async list(pattern, limit) {
      const { keys, truncated } = await scan(pattern, limit);
      return { entries: await describe(keys), truncated };
    },
    async counters() {
      const { keys } = await scan('*', REDIS_SCAN_LIMIT);
      const entries = await describe(keys);
      const maxMemory = await client
        .config('GET', 'maxmemory')
        .then((answer) => Number((answer as string[])[1] ?? 0))
        // Managed Redis services often refuse CONFIG: the limit is then unknown.
        .catch(() => 0);
      return { keys: entries.length, memoryBytes: entries.reduce((sum, entry) => sum + entry.memoryBytes, 0), maxMemoryBytes: maxMemory, hits, misses };
    },
    async close() {
      client.disconnect();
    },
  };
  return cache;
}

async function readThrough<T>(cache: Cache, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
  const cached = await cache.get<T>(key).catch(() => undefined);
  if (cached !== undefined) return cached;
  const value = await load();
  await cache.set(key, value, ttlSeconds).catch(() => undefined);
  return value;
}

export function openCache(options: { redisUrl?: string; defaultTtlSeconds?: number; redisPrefix?: string }): Cache {
  const ttl = options.defaultTtlSeconds ?? CACHE_DEFAULT_TTL_SECONDS;
  return options.redisUrl ? redisCache(options.redisUrl, ttl, options.redisPrefix ?? REDIS_PREFIX) : memoryCache(ttl);
}
