import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyGrants, type Role } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import { createFreshCopies } from '../../lib/fresh-copies';
import type { ApiKeyAuth } from '../../plugins/auth';
import { ipAllowed } from './api-keys.ip';
import { memoryRateLimiter, redisRateLimiter, type ApiKeyRateLimiter, type RateDecision } from './api-keys.rate-limit';
import { findKeyByPublicId, type ApiKeyRow } from './api-keys.repository';
import { looksLikeApiKey, parsePresented, secretMatches } from './api-keys.secrets';
import { USAGE_FLUSH_INTERVAL_MS, UsageAggregator } from './api-keys.usage';

/**
 * The company-confined role a key acts with: the services' company scope (docs/architecture.md
 * "Actor and scope") applies to it; what it may call is decided by its permissions alone.
 */
const API_KEY_ROLE: Role = 'OPERATOR';

/**
 * How old this process's copy of a key may be (lib/fresh-copies.ts): a revocation, rotation or
 * expiry made by another process holds within it; the process that makes it drops its copy at once.
 */
export const API_KEY_COPY_MAX_AGE_MS = 1000;
const MAX_KEY_COPIES = 10_000;

/** What modules/auth/auth.plugin.ts asks of API keys. */
export interface ApiKeyGate {
  /** The API key the request presents (`Authorization: Bearer clk_…` or `X-API-Key`), or null. */
  presentedKey(request: FastifyRequest): string | null;
  /** Checks the key (known, active, IP, rate limits) and answers the caller it is; throws the refusal otherwise. */
  authenticate(request: FastifyRequest, reply: FastifyReply, presented: string): Promise<ApiKeyAuth>;
  /** Drops this process's copies of keys a committed change (revoke, rotate) makes wrong. */
  forget: (publicIds: readonly string[]) => void;
  usage: UsageAggregator;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiKeyGate: ApiKeyGate;
  }
  interface FastifyRequest {
    /** The key a request named, even when it was then refused: its usage is recorded on the response. */
    apiKeyUsed: { apiKeyId: string; tenantId: string; companyId: string } | null;
  }
}

function setRateHeaders(reply: FastifyReply, decision: RateDecision): void {
  reply.header('RateLimit-Limit', decision.limit);
  reply.header('RateLimit-Remaining', decision.remaining);
  reply.header('RateLimit-Reset', decision.resetSeconds);
  reply.header('RateLimit-Policy', decision.policy);
}

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const explicit = Array.isArray(header) ? header[0] : header;
  if (explicit) return explicit.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match && looksLikeApiKey(match[1]!) ? match[1]! : null;
}

/**
 * API-key authentication (docs/product.md §3 API key, §5 API key rules), its per-key rate
 * limits (counters in Redis when REDIS_URL is set, else in this process) and usage recording.
 * Registered before the auth plugin, whose guards call it.
 */
export const apiKeyGatePlugin = fp(async (app) => {
  const limiter: ApiKeyRateLimiter = app.config.redisUrl ? redisRateLimiter(app.config.redisUrl) : memoryRateLimiter();
  const usage = new UsageAggregator(app.db);
  app.decorateRequest('apiKeyUsed', null);

  // A busy key is read from the database about once a second, not on every request.
  const copies = createFreshCopies<ApiKeyRow>({ maxAgeMs: API_KEY_COPY_MAX_AGE_MS, max: MAX_KEY_COPIES });
  async function keyOf(publicId: string): Promise<ApiKeyRow | undefined> {
    const copy = copies.get(publicId);
    if (copy) return copy;
    return copies.share(publicId, async () => {
      const read = copies.startRead();
      const row = await app.db.asSystem((tx) => findKeyByPublicId(tx, publicId));
      if (row) read.keep(publicId, row);
      return row;
    });
  }
  const forget = (publicIds: readonly string[]) => copies.forget(publicIds);

  async function authenticate(request: FastifyRequest, reply: FastifyReply, presented: string): Promise<ApiKeyAuth> {
    const parsed = parsePresented(presented);
    if (!parsed) throw new AppError('API_KEY__INVALID');
    const key = await keyOf(parsed.publicId);
    if (!key || !secretMatches(parsed.random, key.secretHash)) throw new AppError('API_KEY__INVALID');
    request.apiKeyUsed = { apiKeyId: key.id, tenantId: key.tenantId, companyId: key.companyId };
    if (key.revokedAt) throw new AppError('API_KEY__REVOKED');
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw new AppError('API_KEY__EXPIRED');
    if (!ipAllowed(key.ipWhitelist, request.ip)) throw new AppError('API_KEY__IP_NOT_ALLOWED');
    const limits = { perMinute: key.rateLimitPerMinute, perHour: key.rateLimitPerHour, perDay: key.rateLimitPerDay };
    // Unknown counts (Redis unreachable) refuse the request: a limit that cannot be checked is not waived.
    const decision = await limiter.hit(key.id, limits).catch((error: unknown) => {
      request.log.error({ err: error }, 'API key rate-limit counters unavailable');
      throw new AppError('SERVICE_UNAVAILABLE');
    });
    setRateHeaders(reply, decision);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.resetSeconds);
      throw new AppError('RATE_LIMITED');
    }
    return {
      kind: 'api-key',
      apiKey: { id: key.id, name: key.name, keyPrefix: key.keyPrefix },
      userId: key.createdBy,
      tenantId: key.tenantId,
      companyId: key.companyId,
      role: API_KEY_ROLE,
      permissions: apiKeyGrants(key.permissions),
    };
  }

  app.decorate('apiKeyGate', { presentedKey, authenticate, forget, usage });

  app.addHook('onResponse', async (request, reply) => {
    const used = request.apiKeyUsed;
    if (!used) return;
    usage.record({
      ...used,
      method: request.method,
      route: request.routeOptions.url ?? '(unmatched)',
      statusCode: reply.statusCode,
      latencyMs: reply.elapsedTime,
      at: new Date(),
    });
  });

  const timer = setInterval(() => {
    usage.flush().catch((error: unknown) => app.log.warn({ err: error }, 'API key usage flush failed; kept for the next one'));
  }, USAGE_FLUSH_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await usage.flush().catch((error: unknown) => app.log.warn({ err: error }, 'API key usage flush failed at shutdown'));
    await limiter.close();
  });
});
