import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import { canonicalJson } from '../../lib/canonical-json';
import { claimKey, completeKey, deleteExpiredKeys, findKey, releaseKey } from './idempotency.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required' on money-like operations (mint, burn, certificates, payments). */
    idempotency?: 'required' | 'optional';
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const RETENTION_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_CLEANUP_QUEUE = 'idempotency.cleanup';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[HEADERS.idempotencyKey];
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined) return null;
  if (!KEY_PATTERN.test(key)) throw AppError.validation({ 'idempotency-key': ['Idempotency-Key must be 1 to 255 visible characters'] });
  return key;
}

/** Same key and same request (caller, route, parameters, body) or it is another request. */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(canonicalJson({ user: request.auth?.userId ?? null, method: request.method, route: request.routeOptions.url, params: request.params, body: request.body ?? null }))
    .digest('hex');
}

/**
 * Stripe-model idempotency for state-changing endpoints: the first request with a key runs
 * and its answer is stored; a retry with the same key and payload gets that answer again
 * (24 h), another payload gets 422, and a retry while the first is still running gets 409.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const mode = request.routeOptions.config.idempotency ?? 'optional';
    if (!STATE_CHANGING.has(request.method) || !request.auth) return;
    const key = keyOf(request);
    if (!key) {
      if (mode === 'required') throw AppError.validation({ 'idempotency-key': ['Idempotency-Key header is required'] });
      return;
    }
    const { tenantId, userId } = request.auth;
    const hash = requestHash(request);
    const outcome = await app.db.withTenant(tenantId, async (tx) => {
      const claimed = await claimKey(tx, { tenantId, key, userId, requestHash: hash, expiresAt: new Date(Date.now() + RETENTION_MS) });
      return claimed ? { claimed: true as const } : { claimed: false as const, existing: await findKey(tx, key) };
    });
    if (outcome.claimed) {
      request.idempotencyKey = key;
      return;
    }
    const existing = outcome.existing;
    if (!existing || existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.state === 'in_flight') throw new AppError('IDEMPOTENCY_IN_FLIGHT');
    return reply
      .status(existing.responseStatus ?? 200)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(existing.responseBody);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.auth) return payload;
    request.idempotencyKey = null;
    const tenantId = request.auth.tenantId;
    // A server failure frees the key so the client's retry runs again; anything else is the answer.
    if (reply.statusCode >= 500) {
      await app.db.withTenant(tenantId, (tx) => releaseKey(tx, key));
    } else {
      await app.db.withTenant(tenantId, (tx) => completeKey(tx, key, { status: reply.statusCode, body: typeof payload === 'string' ? payload : JSON.stringify(payload) }));
    }
    return payload;
  });

  app.addHook('onReady', async () => {
    if (app.config.role === 'api') return;
    await app.jobs.createQueue(IDEMPOTENCY_CLEANUP_QUEUE);
    await app.jobs.schedule(IDEMPOTENCY_CLEANUP_QUEUE, '17 * * * *');
    await app.jobs.work(IDEMPOTENCY_CLEANUP_QUEUE, async () => {
      await app.db.asSystem((tx) => deleteExpiredKeys(tx));
    });
  });
});
