import { createHash, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADERS } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { canonicalJson } from '../../lib/canonical-json';
import { bindOperation, claimKey, completeKey, deleteExpiredKeys, findKey, releaseKey, type KeyClaim } from './idempotency.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required' on money-like operations (mint, burn, certificates, payments). */
    idempotency?: 'required' | 'optional';
    /**
     * On routes whose request creates an operation (a retirement, a mint) and binds its key to
     * it (`operationBinderOf`): answers a retry whose first request created the operation but
     * stored no answer — it is still running, or it died after the chain send. Sends the
     * operation's answer as the first request would have sent it once the operation is
     * decided, or answers undefined while it is not (the retry gets 409 with Retry-After).
     */
    idempotentOperation?: (request: FastifyRequest, reply: FastifyReply, operationId: string) => Promise<FastifyReply | undefined>;
  }
  interface FastifyRequest {
    idempotencyClaim: KeyClaim | null;
  }
}

/** Records, in the transaction that creates it, the operation the request's Idempotency-Key stands for. */
export type BindOperation = (tx: Tx, operationId: string) => Promise<void>;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const RETENTION_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_CLEANUP_QUEUE = 'idempotency.cleanup';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a retry is told to wait while the operation of its key is undecided (a runner takes a dead run over within about a minute). */
const RETRY_AFTER_SECONDS = '10';

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
    .update(
      canonicalJson({
        user: request.auth?.userId ?? null,
        method: request.method,
        route: request.routeOptions.url,
        params: request.params,
        body: request.body ?? null,
      }),
    )
    .digest('hex');
}

/**
 * The binder a service calls, inside the transaction that creates its operation, so the key
 * never runs again once that transaction commits; undefined without a key (seeds, jobs).
 * It refuses (and so rolls the operation back) when a retry took the key over meanwhile.
 */
export function operationBinderOf(request: FastifyRequest): BindOperation | undefined {
  const claim = request.idempotencyClaim;
  if (!claim) return undefined;
  return async (tx, operationId) => {
    if (!(await bindOperation(tx, claim, operationId))) throw new AppError('IDEMPOTENCY_IN_FLIGHT');
  };
}

/**
 * Stripe-model idempotency for state-changing endpoints: the first request with a key runs
 * and its answer is stored; a retry with the same key and payload gets that answer again
 * (24 h), another payload gets 422. A key whose request created an operation never runs
 * again: without a stored answer the retry gets the operation's answer, or 409 while it is
 * undecided. A key without an operation is free again only when its request failed with a
 * server error or died without creating anything: as soon as its process's liveness lock is
 * gone (Database.processKey: the process died, or on PGlite restarted), else two minutes after
 * it started.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const { idempotency: mode = 'optional', idempotentOperation } = request.routeOptions.config;
    if (!STATE_CHANGING.has(request.method) || !request.auth) return;
    const key = keyOf(request);
    if (!key) {
      if (mode === 'required') throw AppError.validation({ 'idempotency-key': ['Idempotency-Key header is required'] });
      return;
    }
    const { tenantId, userId } = request.auth;
    const hash = requestHash(request);
    const claimId = randomUUID();
    const outcome = await app.db.withTenant(tenantId, async (tx) => {
      const claimed = await claimKey(tx, {
        tenantId,
        key,
        claimId,
        claimedBy: app.db.processKey(),
        userId,
        requestHash: hash,
        expiresAt: new Date(Date.now() + RETENTION_MS),
      });
      return claimed ? { claimed: true as const } : { claimed: false as const, existing: await findKey(tx, key) };
    });
    if (outcome.claimed) {
      request.idempotencyClaim = { key, claimId };
      return;
    }
    const existing = outcome.existing;
    if (!existing || existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.state === 'completed') {
      return reply
        .status(existing.responseStatus ?? 200)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(existing.responseBody);
    }
    if (existing.operationId && idempotentOperation) {
      // The operation's decided answer becomes the key's stored answer, as the first request's would have.
      request.idempotencyClaim = { key, claimId: existing.claimId };
      const answered = await idempotentOperation(request, reply.header('idempotent-replayed', 'true'), existing.operationId);
      if (answered) return answered;
      request.idempotencyClaim = null;
      reply.removeHeader('idempotent-replayed');
    }
    reply.header('retry-after', RETRY_AFTER_SECONDS);
    throw new AppError('IDEMPOTENCY_IN_FLIGHT');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim || !request.auth) return payload;
    request.idempotencyClaim = null;
    const tenantId = request.auth.tenantId;
    // A server failure frees a key whose request created nothing, so the client's retry runs
    // again; a key bound to an operation stays in flight and its retry answers from the operation.
    if (reply.statusCode >= 500) {
      await app.db.withTenant(tenantId, (tx) => releaseKey(tx, claim));
    } else {
      await app.db.withTenant(tenantId, (tx) =>
        completeKey(tx, claim, { status: reply.statusCode, body: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      );
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
