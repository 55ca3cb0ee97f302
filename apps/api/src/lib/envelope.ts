import type { FastifyRequest } from 'fastify';
import type { ApiEnvelope } from '@carbonledger/contracts';

/** Wraps a route's answer in the docs/product.md §3 envelope. */
export function ok<T>(request: FastifyRequest, data: T, message = 'OK'): ApiEnvelope<T> {
  return {
    success: true,
    data,
    message,
    timestamp: new Date().toISOString(),
    requestId: request.id,
    traceId: request.traceId,
  };
}
