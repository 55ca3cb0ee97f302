import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';

/** What the roles services need from the app. */
export interface RolesDeps {
  db: Database;
  /** permissions_changed to the users whose permission set changed (app.live; typed here so roles needs nothing of realtime, which reaches it through sessions). */
  publisher: { emitToUser(userId: string, event: string, payload: unknown): void };
  /** The processes' copies of checked sessions (app.sessionCache; typed here because the sessions module reads roles). */
  sessions: { forget(change: { userIds: readonly string[] }): void };
}

export function rolesDeps(app: FastifyInstance): RolesDeps {
  return { db: app.db, publisher: app.live, sessions: app.sessionCache };
}
