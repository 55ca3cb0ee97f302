import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { RealtimeGateway } from '../realtime';

/** What the companies services need from the app: the database and the socket gateway (company_update). */
export interface CompaniesDeps {
  db: Database;
  live: Pick<RealtimeGateway, 'emitToCompany'>;
}

export function companiesDepsOf(app: FastifyInstance): CompaniesDeps {
  return { db: app.db, live: app.live };
}
