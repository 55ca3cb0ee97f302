import type { SecurityAlert, SecurityEvent } from '@carbonledger/contracts';

/** An event or alert to push to the security officers' sockets once its transaction has committed. */
export type SecurityNotice =
  | { kind: 'event'; tenantId: string; event: SecurityEvent }
  /** userId: whom the alert is about, which decides the officers who hear of it. */
  | { kind: 'alert'; tenantId: string; alert: SecurityAlert; userId: string | null };

/**
 * Where a security-relevant request came from; copied onto events and audit entries. Kept
 * here, free of plugins and modules, because the request's auth accessors (plugins/auth.ts)
 * build it and the services of several modules (security, sessions, auth, reconciliation)
 * take it.
 */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  country: string | null;
  /** Collects what this request recorded, for the realtime feed (modules/security/security-feed.ts). */
  notices?: SecurityNotice[];
  /** Sessions this request revoked: their sockets are disconnected once it has answered (modules/realtime/realtime.plugin.ts). */
  endedSessions?: string[];
}
