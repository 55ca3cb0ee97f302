import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { RealtimeGateway } from '../realtime';
import { usersDepsOf, type UsersDeps } from '../users';

/** What the companies services need from the app: the database, the socket gateway (company_update) and the users module's invitations. */
export interface CompaniesDeps {
  db: Database;
  live: Pick<RealtimeGateway, 'emitToCompany'>;
  users: UsersDeps;
}

export function companiesDepsOf(app: FastifyInstance): CompaniesDeps {
  return { db: app.db, live: app.live, users: usersDepsOf(app) };
}
