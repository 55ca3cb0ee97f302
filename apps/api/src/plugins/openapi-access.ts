import type { RouteOptions } from 'fastify';
import type { Role } from '@carbonledger/contracts';

/**
 * Which routes need a session, and for whom, as the OpenAPI document tells it: the auth guards
 * (modules/auth/auth.plugin.ts) mark themselves here, and the document reads a route's
 * onRequest hooks for a marked guard. A route without one is public.
 */

/** Who may call a guarded route: any live session, or one holding a permission or one of some roles. */
export interface AccessRule {
  permission?: string;
  roles?: readonly Role[];
  /** The web screen whose roles the route follows (requireRouteRoles). */
  screen?: string;
  /** A route of a screen that API keys may call too: the permission a key needs (requireRouteRoles' `apiKeys`). */
  apiKeyPermission?: string;
}

const accessOfGuard = new WeakMap<object, AccessRule>();

/** Marks an onRequest guard, so that the document applies bearerAuth and its answers to the routes it guards. */
export function describeAccess<G extends object>(guard: G, rule: AccessRule = {}): G {
  accessOfGuard.set(guard, { ...accessOfGuard.get(guard), ...rule });
  return guard;
}

/** The access rule of the first marked guard among the route's onRequest hooks; null for a public route. */
export function accessOf(route: RouteOptions): AccessRule | null {
  const hooks: unknown[] = [route.onRequest ?? []].flat();
  for (const hook of hooks) {
    const rule = typeof hook === 'function' ? accessOfGuard.get(hook) : undefined;
    if (rule) return rule;
  }
  return null;
}
