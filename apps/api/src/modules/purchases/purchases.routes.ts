import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  confirmPurchaseRequest,
  purchaseAvailabilityQuery,
  purchaseAvailabilitySchema,
  purchaseOrderIdParams,
  purchaseOrderListQuery,
  purchaseOrderListSchema,
  purchaseOrderSchema,
  purchaseQuoteRequest,
  purchaseTexts,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { operationBinderOf } from '../idempotency';
import { registerInvoicePaidHandler } from '../invoices';
import * as commands from './purchases.commands';
import { PURCHASE_INVOICE_SOURCE, purchaseDepsOf } from './purchases.context';
import { registerPurchaseJobs, nudgeSweep } from './purchases.jobs';
import { purchasePaidHandler } from './purchases.lifecycle';
import * as queries from './purchases.queries';

/**
 * docs/product.md §2 /carbon-projects "purchase action": availability, quote, order (reserve +
 * invoice), cancel, and the order lists. Buying mints tokens into the buyer's wallet, so it needs
 * the mint permission; reading needs the token read permission.
 */
export const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = purchaseDepsOf(app, nudgeSweep(app));
  registerInvoicePaidHandler(app.db, PURCHASE_INVOICE_SOURCE, purchasePaidHandler(deps));
  await registerPurchaseJobs(app, deps);
  const buy = app.requirePermission('tokens:mint');
  const read = app.requirePermission('tokens:read');

  app.get(
    '/purchases/availability',
    {
      onRequest: read,
      schema: {
        tags: ['purchases'],
        summary: "A project's vintages with the tCO2e still free to buy and the price list's unit price (USD)",
        querystring: purchaseAvailabilityQuery,
        response: { 200: apiEnvelope(purchaseAvailabilitySchema) },
      },
    },
    async (request) => ok(request, await queries.purchaseAvailability(deps, actorOf(request), request.query.projectId)),
  );

  app.post(
    '/purchases/quotes',
    {
      onRequest: buy,
      schema: {
        tags: ['purchases'],
        summary: 'A quote for credits of a project vintage (quantity capped at what is available), valid 15 minutes',
        body: purchaseQuoteRequest,
        response: { 201: apiEnvelope(purchaseOrderSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(request, await commands.quotePurchase(deps, actorOf(request), request.body), purchaseTexts.quoted)),
  );

  app.post(
    '/purchases/orders/:id/confirm',
    {
      onRequest: buy,
      config: {
        idempotency: 'required',
        // A retry whose first attempt stored no answer answers the order it placed, never a second reservation.
        idempotentOperation: async (request, reply, id) => reply.send(ok(request, await queries.getOrder(deps, actorOf(request), id), purchaseTexts.ordered)),
      },
      schema: {
        tags: ['purchases'],
        summary: 'Confirm a quote: the units are reserved and the invoice issued (Idempotency-Key required)',
        params: purchaseOrderIdParams,
        body: confirmPurchaseRequest,
        response: { 200: apiEnvelope(purchaseOrderSchema) },
      },
    },
    async (request) =>
      ok(request, await commands.confirmPurchase(deps, actorOf(request), request.params.id, request.body, operationBinderOf(request)), purchaseTexts.ordered),
  );

  app.post(
    '/purchases/orders/:id/cancel',
    {
      onRequest: buy,
      config: { idempotency: 'required' },
      schema: {
        tags: ['purchases'],
        summary: 'Cancel an order not paid yet: its units are released and its invoice voided (Idempotency-Key required)',
        params: purchaseOrderIdParams,
        response: { 200: apiEnvelope(purchaseOrderSchema) },
      },
    },
    async (request) => ok(request, await commands.cancelPurchase(deps, actorOf(request), request.params.id), purchaseTexts.cancelled),
  );

  app.get(
    '/purchases/orders',
    {
      onRequest: read,
      schema: {
        tags: ['purchases'],
        summary: "Purchase orders of the reader's company (platform administrators: every company's), newest first",
        querystring: purchaseOrderListQuery,
        response: { 200: apiEnvelope(purchaseOrderListSchema) },
      },
    },
    async (request) => ok(request, await queries.listOrders(deps, actorOf(request), request.query)),
  );

  app.get(
    '/purchases/orders/:id',
    {
      onRequest: read,
      schema: { tags: ['purchases'], summary: 'One purchase order', params: purchaseOrderIdParams, response: { 200: apiEnvelope(purchaseOrderSchema) } },
    },
    async (request) => ok(request, await queries.getOrder(deps, actorOf(request), request.params.id)),
  );
};
