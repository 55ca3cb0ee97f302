import type { FastifyInstance } from 'fastify';
import { transactionReader } from './transactions.chain';
import type { TransactionsDeps } from './transactions.service';

/** What the transactions service reads with: the routes and the socket feed (modules/realtime) each build one from the app. */
export function transactionsDepsOf(app: FastifyInstance): TransactionsDeps {
  return {
    db: app.db,
    chain: app.chain,
    readTransaction: transactionReader(app.chain),
    explorer: app.explorer,
    logChainFailure: (error) => app.log.warn({ err: error }, 'transactions: chain history could not be read'),
  };
}
