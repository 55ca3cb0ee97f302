/**
 * The sessions module's face: opening, checking, rotating and ending sessions (the auth
 * module signs in and guards requests through these), and the session monitoring routes.
 */
export { sessionsRoutes } from './sessions.routes';
export { describeDevice } from './device';
export {
  checkRequestSession,
  endSession,
  openSession,
  revokeAllSessionsOfUser,
  revokeWalletSessionsOfUser,
  rotateSessionSecrets,
  type OpenedSession,
  type SessionCheck,
  type SessionClaims,
  type SessionPolicy,
} from './sessions.service';
