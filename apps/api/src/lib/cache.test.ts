import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { assertRedisReachable } from './redis';
import { openCache, type Cache } from './cache';

/** The Redis server of the development and CI machines (as lib/redis.test.ts). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await assertRedisReachable(redisUrl).then(
  () => true,
  () => false,
);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const opened: Cache[] = [];
afterAll(async () => {
  for (const cache of opened) {
    await cache.deleteMatching('*');
    await cache.close();
  }
});

const backends: [string, () => Cache][] = [['in-process', () => openCache({})]];
if (redisReachable) backends.push(['Redis', () => openCache({ redisUrl, redisPrefix: `carbonledger-test:${randomBytes(4).toString('hex')}:` })]);

describe.each(backends)('the %s cache', (_name, open) => {
  const cache = open();
  opened.push(cache);

  it('lists a stored key with its type, TTL, memory and last access, and forgets it when the TTL runs out', async () => {
    await cache.set('projects:list:tenant-a:q1', { items: [1, 2, 3] }, 1);
    await cache.set('prices:carbon:spot', 12.5, 60);
    expect(await cache.get('projects:list:tenant-a:q1')).toEqual({ items: [1, 2, 3] });

    const { entries } = await cache.list('projects:*', 10);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ key: 'projects:list:tenant-a:q1', ttlSeconds: 1 });
    expect(entries[0]!.memoryBytes).toBeGreaterThan(0);
    expect(entries[0]!.lastAccessAt).toBeInstanceOf(Date);
    expect(entries[0]!.type).toBe(cache.backend === 'redis' ? 'string' : 'object');

    await pause(1300);
    expect(await cache.get('projects:list:tenant-a:q1')).toBeUndefined();
    expect((await cache.list('*', 10)).entries.map((entry) => entry.key)).toEqual(['prices:carbon:spot']);
  });

  it('counts hits and misses and reads through on a miss', async () => {
    const before = await cache.counters();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return ['a'];
    };
    expect(await cache.wrap('projects:list:tenant-b:q', 30, load)).toEqual(['a']);
    expect(await cache.wrap('projects:list:tenant-b:q', 30, load)).toEqual(['a']);
    expect(loads).toBe(1);
    const after = await cache.counters();
    expect(after.hits - before.hits).toBe(1);
    expect(after.misses - before.misses).toBe(1);
  });

  it('deletes one key, or every key of a pattern', async () => {
    await cache.set('projects:list:tenant-c:1', 1);
    await cache.set('projects:list:tenant-c:2', 2);
    await cache.set('projects:stats:tenant-c', 3);
    expect(await cache.delete('projects:stats:tenant-c')).toBe(true);
    expect(await cache.delete('projects:stats:tenant-c')).toBe(false);
    expect(await cache.deleteMatching('projects:list:tenant-c:*')).toBe(2);
    expect((await cache.list('projects:*:tenant-c*', 10)).entries).toEqual([]);
  });
});

it.skipIf(redisReachable)('skips the Redis case: no Redis answers at TEST_REDIS_URL', () => {
  expect(redisReachable).toBe(false);
});
