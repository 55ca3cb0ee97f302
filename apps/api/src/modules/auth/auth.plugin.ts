import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { RESTRICTED_ROUTES, canAccess, effectivePermissions, hasAnyRole, type Permission, type RestrictedRoute, type Role } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import { configuredOrLocalSecret } from '../../lib/secrets';
import { authOf, callerOf, originOf, type ApiKeyAuth, type AuthContext } from '../../plugins/auth';
import { csrfTokenMatches, needsCsrf, sendCsrfToken } from '../../plugins/csrf';
import { describeAccess } from '../../plugins/openapi-access';
import { recordSecurityEvent } from '../security';
import { checkSession, type SessionPolicy } from '../sessions';
import { createAccessTokens, type AccessTokens } from './tokens';
import { createSecretBox, type SecretBox } from './secret-box';

type Guard = onRequestHookHandler;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccessTokens;
    sessionPolicy: SessionPolicy;
    mfaSecrets: SecretBox;
    /** onRequest guard: a valid access token of a live session (and the CSRF token on state-changing requests). */
    authenticate: Guard;
    /** onRequest guard: signed in and holding one of the roles by the docs/product.md §6 role check. */
    requireRoles(roles: readonly Role[]): Guard;
    /**
     * onRequest guard: signed in and allowed to open the docs/product.md §6 web route this
     * endpoint serves; with `apiKeys`, an API key granted that permission passes too.
     */
    requireRouteRoles(route: RestrictedRoute, options?: { apiKeys?: Permission }): Guard;
    /** onRequest guard: signed in and passing the docs/product.md §6 access check for "resource:action". */
    requirePermission(permission: Permission): Guard;
  }
}

function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

function needsCsrfCheck(request: FastifyRequest, auth: AuthContext | ApiKeyAuth): boolean {
  return auth.kind === 'session' && needsCsrf(request);
}

/** The request guards every module's routes use, and the token signer, MFA secret box and session policy behind them. */
export const authPlugin = fp(async (app) => {
  app.decorate('tokens', createAccessTokens(configuredOrLocalSecret(app.config.jwtSecret, app.config.dataDir, 'jwt'), app.config.accessTokenTtlSeconds));
  app.decorate('mfaSecrets', createSecretBox(app.masterKey, 'mfa-secret'));
  app.decorate('sessionPolicy', {
    idleTimeoutMs: app.config.sessionIdleTimeoutMinutes * 60_000,
    absoluteTimeoutMs: app.config.sessionAbsoluteTimeoutHours * 3600_000,
  });
  app.decorateRequest('auth', null);

  /** A session's access token or an API key; either becomes request.auth. */
  async function identify(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.auth) return;
    const apiKey = app.apiKeyGate.presentedKey(request);
    if (apiKey) {
      request.auth = await app.apiKeyGate.authenticate(request, reply, apiKey);
      return;
    }
    const token = bearerTokenOf(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    const verified = await app.tokens.verify(token);
    if (!verified.ok) throw new AppError('SESSION_EXPIRED');
    const { claims } = verified;
    const check = await checkSession({ db: app.db, policy: app.sessionPolicy, cache: app.sessionCache }, claims);
    if (!check.ok) throw new AppError('SESSION_EXPIRED');
    const { session } = check;
    const auth: AuthContext = {
      kind: 'session',
      userId: session.userId,
      tenantId: session.tenantId,
      companyId: session.companyId,
      email: session.email,
      role: session.role,
      sessionId: session.id,
      fingerprint: session.fingerprint,
      // Read with the session (a copy under a second old, dropped when the role changes), so a changed custom role applies at once (docs/product.md §6).
      permissions: effectivePermissions(session.role, session.customPermissions),
      csrfToken: session.csrfToken,
    };
    if (needsCsrfCheck(request, auth) && !csrfTokenMatches(request, auth.csrfToken)) {
      await app.db.withTenant(auth.tenantId, (tx) =>
        recordSecurityEvent(tx, originOf(request), {
          tenantId: auth.tenantId,
          type: 'csrf_rejected',
          userId: auth.userId,
          userEmail: auth.email,
          details: { method: request.method, path: request.routeOptions.url ?? request.url },
        }),
      );
      throw new AppError('CSRF_TOKEN_MISMATCH');
    }
    request.auth = auth;
    sendCsrfToken(reply, auth.csrfToken);
  }

  /** A session only: an API key reaches no route but those its permissions open (requirePermission, requireRouteRoles' `apiKeys`). */
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await identify(request, reply);
    authOf(request);
  }

  const requireRoles = (roles: readonly Role[]): Guard =>
    async function roleGuard(request, reply) {
      await authenticate(request, reply);
      if (!hasAnyRole(authOf(request).role, roles)) throw new AppError('ACCESS_DENIED');
    };

  // docs/product.md §6 API key permissions: a key passes here with the catalogue permissions its API key permissions grant.
  const requirePermission = (permission: Permission) => {
    const [resource, action] = permission.split(':') as [string, string];
    return async function permissionGuard(request: FastifyRequest, reply: FastifyReply) {
      await identify(request, reply);
      const auth = callerOf(request);
      if (!canAccess(auth.role, auth.permissions, resource, action)) throw new AppError('ACCESS_DENIED');
    };
  };

  // A session by the screen's roles, an API key by its permissions: a key has no screen.
  const requireRouteRolesOrKey = (route: RestrictedRoute, keyPermission: Permission): Guard =>
    async function routeOrKeyGuard(request, reply) {
      await identify(request, reply);
      const auth = callerOf(request);
      const [resource, action] = keyPermission.split(':') as [string, string];
      const allowed = auth.kind === 'api-key' ? canAccess(auth.role, auth.permissions, resource, action) : hasAnyRole(auth.role, RESTRICTED_ROUTES[route]);
      if (!allowed) throw new AppError('ACCESS_DENIED');
    };

  // describeAccess tells the OpenAPI document which routes need a session, and for whom.
  app.decorate('authenticate', describeAccess(authenticate));
  app.decorate('requireRoles', (roles: readonly Role[]) => describeAccess(requireRoles(roles), { roles }));
  app.decorate('requireRouteRoles', (route: RestrictedRoute, options: { apiKeys?: Permission } = {}) => {
    const access = { roles: RESTRICTED_ROUTES[route], screen: route };
    if (!options.apiKeys) return describeAccess(requireRoles(RESTRICTED_ROUTES[route]), access);
    return describeAccess(requireRouteRolesOrKey(route, options.apiKeys), { ...access, apiKeyPermission: options.apiKeys });
  });
  app.decorate('requirePermission', (permission: Permission) => describeAccess(requirePermission(permission), { permission }));
});
