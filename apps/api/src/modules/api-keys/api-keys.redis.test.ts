import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiKeyWithSecretSchema } from '@carbonledger/contracts';
import { assertRedisReachable } from '../../lib/redis';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs } from '../auth/auth.testing';

/** The Redis server of the development and CI machines (as lib/redis.test.ts). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await assertRedisReachable(redisUrl).then(
  () => true,
  () => false,
);

let harness: TestApp;
let redis: Redis;

beforeAll(async () => {
  if (!redisReachable) return;
  harness = await createTestApp({ env: { REDIS_URL: redisUrl } });
  redis = new Redis(redisUrl);
});
afterAll(async () => {
  if (!redisReachable) return;
  redis.disconnect();
  await harness.close();
});

it.skipIf(!redisReachable)('with REDIS_URL, a key’s counts live in Redis (shared by every API process) and refuse past the limit', async () => {
  const admin = await signInAs(harness.app, 'companyadmin@demo.test');
  const created = await harness.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { ...admin.headers, 'idempotency-key': randomUUID() },
    payload: { name: 'shared limit', environment: 'production', permissions: ['transactions:read'], rateLimits: { perMinute: 2, perHour: 100, perDay: 100 } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { key, secret } = apiKeyWithSecretSchema.parse(created.json().data);
  const call = () => harness.app.inject({ url: '/api/v1/transactions', headers: { authorization: `Bearer ${secret}`, 'x-forwarded-for': '198.51.100.20' } });
  expect((await call()).statusCode).toBe(200);
  const minuteKeys = await redis.keys(`carbonledger:api-key-rate:${key.id}:60:*`);
  expect(minuteKeys).toHaveLength(1);
  expect(await redis.get(minuteKeys[0]!)).toBe('1');
  // Another process's request, as Redis sees it.
  await redis.incr(minuteKeys[0]!);
  const refused = await call();
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.headers['ratelimit-limit']).toBe('2');
});

it.skipIf(redisReachable)('skips the Redis case: no Redis answers at TEST_REDIS_URL', () => {
  expect(redisReachable).toBe(false);
});
