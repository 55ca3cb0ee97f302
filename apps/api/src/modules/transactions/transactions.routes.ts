import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE_PATH, apiEnvelope, transactionListQuery, transactionListSchema, transactionTexts, transactionViewIdParams, transactionViewSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { explorerTargetOf } from '../../lib/explorer';
import { authOf } from '../../plugins/auth';
import { transactionReader } from './transactions.chain';
import * as transactions from './transactions.service';

function actorOf(request: FastifyRequest): transactions.TransactionsActor {
  return transactions.transactionsActorOf(authOf(request));
}

/** What the transactions service reads with: the routes and the socket feed (realtime.plugin) each build one. */
export function transactionsDepsOf(app: FastifyInstance): transactions.TransactionsDeps {
  return {
    db: app.db,
    chain: app.chain,
    readTransaction: transactionReader(app.chain),
    explorer: explorerTargetOf(app.config),
    logChainFailure: (error) => app.log.warn({ err: error }, 'transactions: chain history could not be read'),
  };
}

const tags = ['transactions'];

/** SPEC §2 Transactions: mints, burns and transfers of the company's wallets. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = transactionsDepsOf(app);
  const read = app.requirePermission('transactions:read');

  app.get(
    `${API_BASE_PATH}/transactions`,
    {
      onRequest: read,
      schema: { tags, summary: "The company's mints, burns, and token transfers in and out, newest first", querystring: transactionListQuery, response: { 200: apiEnvelope(transactionListSchema) } },
    },
    async (request) => {
      const list = await transactions.listTransactions(deps, actorOf(request), request.query);
      return ok(request, list, list.chainAvailable ? undefined : transactionTexts.chainUnavailable);
    },
  );

  app.get(
    `${API_BASE_PATH}/transactions/:id`,
    { onRequest: read, schema: { tags, summary: 'One transaction with its fee read from the chain', params: transactionViewIdParams, response: { 200: apiEnvelope(transactionViewSchema) } } },
    async (request) => ok(request, await transactions.getTransaction(deps, actorOf(request), request.params.id)),
  );
};
