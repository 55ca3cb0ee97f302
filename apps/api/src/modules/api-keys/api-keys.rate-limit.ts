import { Redis } from 'ioredis';
import type { ApiKeyRateLimits } from '@carbonledger/contracts';

/** The three fixed windows of docs/product.md §3 API key rate limits, in seconds. */
const WINDOWS = [
  { name: 'perMinute', seconds: 60 },
  { name: 'perHour', seconds: 3600 },
  { name: 'perDay', seconds: 86_400 },
] as const satisfies readonly { name: keyof ApiKeyRateLimits; seconds: number }[];

/** What the answer's RateLimit headers say: the tightest window, and when a refused caller may retry. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the reported window resets. */
  resetSeconds: number;
  policy: string;
}

export interface ApiKeyRateLimiter {
  /** Counts one request of the key when every window has room; refuses (and counts nothing) otherwise. */
  hit(keyId: string, limits: ApiKeyRateLimits, now?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

function windowsAt(now: number) {
  return WINDOWS.map((window) => {
    const index = Math.floor(now / 1000 / window.seconds);
    return { ...window, index, resetSeconds: Math.max(1, (index + 1) * window.seconds - Math.floor(now / 1000)) };
  });
}

const policyOf = (limits: ApiKeyRateLimits) => WINDOWS.map((window) => `${limits[window.name]};w=${window.seconds}`).join(', ');

/** Decides from the counts after this request (or, refused, the counts as they stand). */
function decide(limits: ApiKeyRateLimits, now: number, counts: readonly number[], refusedAt: number | null): RateDecision {
  const windows = windowsAt(now);
  if (refusedAt !== null) {
    const window = windows[refusedAt]!;
    return { allowed: false, limit: limits[window.name], remaining: 0, resetSeconds: window.resetSeconds, policy: policyOf(limits) };
  }
  let tightest = 0;
  windows.forEach((window, i) => {
    const left = limits[window.name] - counts[i]!;
    if (left < limits[windows[tightest]!.name] - counts[tightest]!) tightest = i;
  });
  const window = windows[tightest]!;
  return {
    allowed: true,
    limit: limits[window.name],
    remaining: limits[window.name] - counts[tightest]!,
    resetSeconds: window.resetSeconds,
    policy: policyOf(limits),
  };
}

/** Counters in this process: right for one API process (and the embedded mode). */
export function memoryRateLimiter(): ApiKeyRateLimiter {
  const counters = new Map<string, { index: number; count: number }[]>();
  return {
    async hit(keyId, limits, now = Date.now()) {
      const windows = windowsAt(now);
      const current = (counters.get(keyId) ?? []).filter((_, i) => i < windows.length);
      const counts = windows.map((window, i) => (current[i]?.index === window.index ? current[i].count : 0));
      const refusedAt = windows.findIndex((window, i) => counts[i]! >= limits[window.name]);
      if (refusedAt !== -1) return decide(limits, now, counts, refusedAt);
      const next = counts.map((count) => count + 1);
      counters.set(
        keyId,
        windows.map((window, i) => ({ index: window.index, count: next[i]! })),
      );
      return decide(limits, now, next, null);
    },
    async close() {
      counters.clear();
    },
  };
}

// Checks every window, then counts in all of them, atomically: a refused request uses no quota.
const HIT_SCRIPT = `
for i = 1, 3 do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[i]) then return {0, i, count} end
end
local counts = {1}
for i = 1, 3 do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 then redis.call('EXPIRE', KEYS[i], ARGV[i + 3]) end
  counts[#counts + 1] = count
end
return counts`;

/** Counters in Redis (REDIS_URL), shared by every API process. */
export function redisRateLimiter(url: string): ApiKeyRateLimiter {
  const client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  client.on('error', () => undefined);
  return {
    async hit(keyId, limits, now = Date.now()) {
      const windows = windowsAt(now);
      const keys = windows.map((window) => `carbonledger:api-key-rate:${keyId}:${window.seconds}:${window.index}`);
      const answer = (await client.eval(
        HIT_SCRIPT,
        3,
        ...keys,
        ...windows.map((window) => limits[window.name]),
        ...windows.map((window) => window.seconds + 1),
      )) as number[];
      if (answer[0] === 0) return decide(limits, now, [], answer[1]! - 1);
      return decide(limits, now, answer.slice(1), null);
    },
    async close() {
      client.disconnect();
    },
  };
}
