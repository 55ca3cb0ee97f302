/**
 * The sessions module's face: opening, checking, rotating and ending sessions (the auth
 * module signs in and guards requests through these), the plugin holding this process's
 * copies of checked sessions, and the session monitoring routes.
 */
export { sessionsRoutes } from './sessions.routes';
export { sessionCachePlugin } from './sessions.plugin';
export { describeDevice } from './device';
export type { SessionCache } from './sessions.cache';
export {
  checkSession,
  endSession,
  openSession,
  revokeAllSessionsOfUser,
  revokeWalletSessionsOfUser,
  rotateSessionSecrets,
  sessionIsLive,
  type OpenedSession,
  type SessionCheck,
  type SessionClaims,
  type SessionPolicy,
} from './sessions.service';
