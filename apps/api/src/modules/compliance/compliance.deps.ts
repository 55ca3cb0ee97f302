import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { ChainContext } from '../chain';
import type { RealtimeGateway } from '../realtime';

/** What the compliance services need from the app: the database, the chain (KYC freeze and thaw) and the socket gateway. */
export interface ComplianceDeps {
  db: Database;
  chainContext: ChainContext;
  live: Pick<RealtimeGateway, 'emitToCompany'>;
  log?: Pick<FastifyInstance['log'], 'warn'>;
}

export function complianceDepsOf(app: FastifyInstance): ComplianceDeps {
  return { db: app.db, chainContext: app.chainContext, live: app.live, log: app.log };
}
