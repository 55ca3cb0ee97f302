import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { ExplorerTarget } from '../../lib/explorer';
import type { ChainContext } from '../chain';
import type { NotificationPublisher } from '../notifications';
import type { RealtimeGateway } from '../realtime';

/** What the wallet services need from the app. */
export interface WalletDeps {
  db: Database;
  chainContext: ChainContext;
  /** Notifications, and approval_update so every open list of the company's wallets (and of approval workflows) reads them again. */
  publisher: NotificationPublisher & Pick<RealtimeGateway, 'emitToCompany' | 'approvalsChanged'>;
  /** Seals the keys of platform-managed wallets. */
  masterKey: Buffer;
  explorer: ExplorerTarget;
}

/** The wallet services' dependencies, taken from what app.ts built once (also used by the demo holdings seed). */
export function walletDeps(app: FastifyInstance): WalletDeps {
  return { db: app.db, chainContext: app.chainContext, publisher: app.live, masterKey: app.masterKey, explorer: app.explorer };
}
