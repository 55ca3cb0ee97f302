import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_TOKEN_PATTERN, HEADERS } from '@carbonledger/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false exempts a route from the CSRF check (only routes that cannot act on a stolen page context). */
    csrf?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** docs/product.md §9: a CSRF token is 32 hexadecimal characters. */
export function newCsrfToken(): string {
  return randomBytes(16).toString('hex');
}

/** Whether this request must prove its CSRF token: state-changing and not exempted by its route. */
export function needsCsrf(request: FastifyRequest): boolean {
  return STATE_CHANGING.has(request.method) && request.routeOptions.config.csrf !== false;
}

export function csrfTokenMatches(request: FastifyRequest, expected: string): boolean {
  const given = request.headers[HEADERS.csrfToken];
  if (typeof given !== 'string' || !CSRF_TOKEN_PATTERN.test(given)) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The client replaces its held token with the one in this header (docs/product.md §7). */
export function sendCsrfToken(reply: FastifyReply, token: string): void {
  reply.header(HEADERS.csrfToken, token);
}
