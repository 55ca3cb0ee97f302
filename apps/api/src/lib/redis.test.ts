import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { assertRedisReachable } from './redis';

/** The Redis server of the development and CI machines. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const nobodyListens = 'redis://:secret@127.0.0.1:1';

describe('REDIS_URL at boot', () => {
  it('accepts a Redis that answers PING', async () => {
    await expect(assertRedisReachable(redisUrl)).resolves.toBeUndefined();
  });

  it('refuses an unreachable Redis with a message naming REDIS_URL and hiding the password', async () => {
    const failure = await assertRedisReachable(nobodyListens).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toMatch(/REDIS_URL: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
    expect((failure as Error).message).not.toContain('secret');
  });

  it('stops the start of the app before anything is opened', async () => {
    const config = loadConfig({ NODE_ENV: 'test', REDIS_URL: nobodyListens, DATA_DIR: '/nonexistent/never-created', LOG_LEVEL: 'silent' });
    const started = Date.now();
    await expect(buildApp(config, { logger: false })).rejects.toThrow(/REDIS_URL/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
