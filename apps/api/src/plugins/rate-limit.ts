import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

/** Sign-in attempts per client IP and minute, on top of the per-account lockout. */
export const LOGIN_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;
/** Anonymous error reports per client IP and minute. */
export const FRONTEND_ERROR_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * @fastify/rate-limit, opt-in per route (`config: { rateLimit: LOGIN_RATE_LIMIT }`), keyed
 * by client IP (behind a proxy, with TRUST_PROXY, X-Forwarded-For). The refusal is the
 * catalogue's RATE_LIMITED in the envelope, with 429. With REDIS_URL the counters live in
 * Redis, so a client spreading its attempts over several API processes meets one limit.
 */
export const rateLimitPlugin = fp(async (app) => {
  const redisUrl = app.config.redisUrl;
  // A slow Redis must not hold a sign-in: a counter that cannot be read in a second is skipped (skipOnError).
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 1 }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate limit: Redis is unreachable; the limits are not counted meanwhile'));
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    ...(redis ? { redis, nameSpace: 'carbonledger:rate-limit:', skipOnError: true } : {}),
  });
});
