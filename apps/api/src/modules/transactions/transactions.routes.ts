import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  transactionListQuery,
  transactionListSchema,
  transactionTexts,
  transactionViewIdParams,
  transactionViewSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { transactionsDepsOf } from './transactions.deps';
import * as transactions from './transactions.service';

const tags = ['transactions'];

/** docs/product.md §2 Transactions: mints, burns and transfers of the company's wallets. Registered under API_BASE_PATH. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = transactionsDepsOf(app);
  const read = app.requirePermission('transactions:read');

  app.get(
    '/transactions',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The company's mints, burns, and token transfers in and out, newest first",
        querystring: transactionListQuery,
        response: { 200: apiEnvelope(transactionListSchema) },
      },
    },
    async (request) => {
      const list = await transactions.listTransactions(deps, actorOf(request), request.query);
      return ok(request, list, list.chainAvailable ? undefined : transactionTexts.chainUnavailable);
    },
  );

  app.get(
    '/transactions/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'One transaction with its fee read from the chain',
        params: transactionViewIdParams,
        response: { 200: apiEnvelope(transactionViewSchema) },
      },
    },
    async (request) => ok(request, await transactions.getTransaction(deps, actorOf(request), request.params.id)),
  );
};
