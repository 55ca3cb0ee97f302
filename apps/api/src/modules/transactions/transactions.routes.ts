import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE_PATH, apiEnvelope, canAccess, transactionListQuery, transactionListSchema, transactionTexts, transactionViewIdParams, transactionViewSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { explorerTargetOf } from '../../lib/explorer';
import { authOf } from '../../plugins/auth';
import { transactionReader } from './transactions.chain';
import * as transactions from './transactions.service';

function actorOf(request: FastifyRequest): transactions.TransactionsActor {
  const auth = authOf(request);
  // The same administrators who see every company's wallets (docs/wallets.md).
  return { tenantId: auth.tenantId, companyId: auth.companyId, administrator: canAccess(auth.role, auth.permissions, 'wallets', 'approve') };
}

const tags = ['transactions'];

/** SPEC §2 Transactions: mints, burns and transfers of the company's wallets. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: transactions.TransactionsDeps = {
    db: app.db,
    chain: app.chain,
    readTransaction: transactionReader(app.chain),
    explorer: explorerTargetOf(app.config),
    logChainFailure: (error) => app.log.warn({ err: error }, 'transactions: chain history could not be read'),
  };
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
