import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/app-error';

/** Sign-in attempts per client IP and minute, on top of the per-account lockout. */
export const LOGIN_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;
/** Anonymous error reports per client IP and minute. */
export const FRONTEND_ERROR_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * @fastify/rate-limit, opt-in per route (`config: { rateLimit: LOGIN_RATE_LIMIT }`), keyed
 * by client IP (trustProxy is on, so behind a proxy it is X-Forwarded-For). The refusal
 * is the catalogue's RATE_LIMITED in the envelope, with 429.
 */
export const rateLimitPlugin = fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
});
