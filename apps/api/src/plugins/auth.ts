// The signed-in caller as every module's routes read it. Free of modules on purpose: the
// guards that fill `request.auth` live in modules/auth/auth.plugin.ts (they need sessions and
// security), while the security and sessions routes read the caller here without depending
// on the auth module that depends on them.
import type { FastifyRequest } from 'fastify';
import type { Role } from '@carbonledger/contracts';
import type { ActingApiKey, Actor } from '../lib/actor';
import { AppError } from '../lib/app-error';
import type { RequestOrigin } from '../lib/request-origin';

/**
 * A browser session calling. needsCsrfCheck in modules/auth/auth.plugin.ts exempts the other
 * kind of caller, an API key, from the CSRF check.
 */
export interface AuthContext {
  kind: 'session';
  userId: string;
  tenantId: string;
  companyId: string;
  email: string;
  role: Role;
  sessionId: string;
  fingerprint: string;
  permissions: readonly string[];
  csrfToken: string;
}

/**
 * An integration calling with an API key (docs/product.md §3 API key): it acts for the key's
 * company with the catalogue permissions its API key permissions grant, and reaches only the
 * routes guarded by app.requirePermission, or by app.requireRouteRoles with `apiKeys`
 * (modules/auth/auth.plugin.ts). userId is the key's creator, whom the audit trail names with
 * the key; role is the company-confined role keys act with.
 */
export interface ApiKeyAuth {
  kind: 'api-key';
  apiKey: ActingApiKey;
  userId: string;
  tenantId: string;
  companyId: string;
  role: Role;
  permissions: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | ApiKeyAuth | null;
  }
}

/** The signed-in caller of a route guarded by app.authenticate (or any require* guard); an API key is refused here. */
export function authOf(request: FastifyRequest): AuthContext {
  const auth = callerOf(request);
  if (auth.kind !== 'session') throw new AppError('API_KEY__ENDPOINT_NOT_ALLOWED');
  return auth;
}

/** The caller of a guarded route, a session or an API key. */
export function callerOf(request: FastifyRequest): AuthContext | ApiKeyAuth {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

/** The caller of a guarded route as the services' actor. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = callerOf(request);
  const actor: Actor = { tenantId: auth.tenantId, companyId: auth.companyId, userId: auth.userId, role: auth.role, requestId: request.id, ip: request.ip };
  return auth.kind === 'api-key' ? { ...actor, apiKey: auth.apiKey } : actor;
}

/** Two-letter country from the edge proxy (Cloudflare's cf-ipcountry, or x-country). */
export function countryOf(request: FastifyRequest): string | null {
  const value = request.headers['cf-ipcountry'] ?? request.headers['x-country'];
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** Where the request came from; security events it records and sessions it ends are also collected for the realtime layer. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  request.securityNotices ??= [];
  request.endedSessions ??= [];
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
    requestId: request.id,
    country: countryOf(request),
    notices: request.securityNotices,
    endedSessions: request.endedSessions,
  };
}
