import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { assertRedisReachable } from '../../lib/redis';
import { memoryRateLimiter, redisRateLimiter, type ApiKeyRateLimiter } from './api-keys.rate-limit';

/** The Redis server of the development and CI machines (as lib/redis.test.ts). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await assertRedisReachable(redisUrl).then(
  () => true,
  () => false,
);

const opened: ApiKeyRateLimiter[] = [];
afterAll(async () => {
  for (const limiter of opened) await limiter.close();
});

const backends: [string, () => ApiKeyRateLimiter][] = [['in-process', memoryRateLimiter]];
if (redisReachable) backends.push(['Redis', () => redisRateLimiter(redisUrl)]);

// A minute's start, far from the hour's and day's ends, so windows roll only where a test moves the clock.
const minuteStart = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 3600_000 * 5;

describe.each(backends)('API key rate limits in %s counters', (_name, open) => {
  const limiter = open();
  opened.push(limiter);

  it('refuses past the per-minute limit until the next minute, and a refused request uses no quota', async () => {
    const key = randomUUID();
    const limits = { perMinute: 2, perHour: 3, perDay: 100 };
    const first = await limiter.hit(key, limits, minuteStart + 1000);
    expect(first).toMatchObject({ allowed: true, limit: 2, remaining: 1, resetSeconds: 59, policy: '2;w=60, 3;w=3600, 100;w=86400' });
    expect(await limiter.hit(key, limits, minuteStart + 2000)).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await limiter.hit(key, limits, minuteStart + 30_000);
    expect(refused).toMatchObject({ allowed: false, limit: 2, remaining: 0, resetSeconds: 30 });
    expect(await limiter.hit(key, limits, minuteStart + 59_000)).toMatchObject({ allowed: false });
    // Next minute: the hour has one request left (the refused ones did not count), then the hour refuses.
    expect(await limiter.hit(key, limits, minuteStart + 61_000)).toMatchObject({ allowed: true, limit: 3, remaining: 0 });
    const hourly = await limiter.hit(key, limits, minuteStart + 62_000);
    expect(hourly).toMatchObject({ allowed: false, limit: 3 });
    expect(hourly.resetSeconds).toBeGreaterThan(60);
  });

  it('counts each key on its own', async () => {
    const limits = { perMinute: 1, perHour: 10, perDay: 10 };
    const [a, b] = [randomUUID(), randomUUID()];
    expect((await limiter.hit(a, limits, minuteStart)).allowed).toBe(true);
    expect((await limiter.hit(b, limits, minuteStart)).allowed).toBe(true);
    expect((await limiter.hit(a, limits, minuteStart)).allowed).toBe(false);
  });
});

it.skipIf(redisReachable)('skips the Redis case: no Redis answers at TEST_REDIS_URL', () => {
  expect(redisReachable).toBe(false);
});
