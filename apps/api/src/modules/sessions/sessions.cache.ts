import { createFreshCopies } from '../../lib/fresh-copies';
import type { RequestSessionRow } from './sessions.repository';

/** How old a copy of a session may be (lib/fresh-copies.ts): any change holds within this bound. */
export const SESSION_COPY_MAX_AGE_MS = 1000;
/** Sessions seen within the last second by one process; past this the least recent give way. */
const MAX_SESSIONS = 10_000;

/** The database's verdict on a request's session; a revocation it made (idle timeout) says so. */
export type SessionCheck = { ok: true; session: RequestSessionRow } | { ok: false; revoked: boolean };

/** What changed: these sessions, or every session of these users (their permission set). */
export interface SessionChange {
  sessionIds?: readonly string[];
  userIds?: readonly string[];
}

/**
 * This process's copies of the sessions its requests checked, so that a busy session is read
 * from the database about once a second rather than on every request. Only sessions that
 * passed the check are kept.
 */
export interface SessionCache {
  /** The session as the database answered it less than SESSION_COPY_MAX_AGE_MS ago, if so. */
  get(sessionId: string): RequestSessionRow | undefined;
  /**
   * Called before reading a session from the database: `keep` stores what the read answered,
   * unless a change was forgotten since (the read may have seen the state before it).
   */
  startRead(): { keep(session: RequestSessionRow): void };
  /** One database check for all the requests that need the same one while it runs (lib/fresh-copies.ts). */
  share(flight: string, check: () => Promise<SessionCheck>): Promise<SessionCheck>;
  /** Drops the copies a committed change makes wrong. */
  forget(change: SessionChange): void;
}

export function createSessionCache(): SessionCache {
  const copies = createFreshCopies<RequestSessionRow, SessionCheck>({ maxAgeMs: SESSION_COPY_MAX_AGE_MS, max: MAX_SESSIONS });
  return {
    get: (sessionId) => copies.get(sessionId),
    share: (flight, check) => copies.share(flight, check),
    startRead() {
      const read = copies.startRead();
      return { keep: (session) => read.keep(session.id, session) };
    },
    forget({ sessionIds = [], userIds = [] }) {
      copies.forget(sessionIds);
      if (userIds.length === 0) return;
      const users = new Set(userIds);
      copies.forgetWhere((session) => users.has(session.userId));
    },
  };
}
