import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  apiEnvelope,
  createInvoiceRequest,
  deleteInvoicesRequest,
  deleteInvoicesResultSchema,
  financialMismatchSchema,
  financialReconciliationQuery,
  financialReconciliationSchema,
  financialReconciliationTexts,
  invoiceExportQuery,
  invoiceIdParams,
  invoiceListQuery,
  invoiceListSchema,
  invoiceSchema,
  invoiceStatsSchema,
  invoiceTexts,
  paymentResultSchema,
  recordPaymentRequest,
  resolveMismatchRequest,
  updateInvoiceRequest,
  type Invoice,
  type PaymentResult,
} from '@carbonledger/contracts';
import { sendCsvDownload } from '../../lib/csv';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { operationBinderOf } from '../idempotency';
import * as reconciliation from './financial-reconciliation.service';
import * as commands from './invoices.commands';
import { invoiceDepsOf } from './invoices.context';
import { registerInvoiceJobs } from './invoices.jobs';
import * as queries from './invoices.queries';

const TAGS = ['invoices'];

/** docs/product.md §2 Invoices (the route's roles, §6; changes need `invoices:manage`): list, summary, export, PDF, edit, payments; and the accrual and overdue jobs. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = invoiceDepsOf(app);
  await registerInvoiceJobs(app, deps);
  const read = app.requireRouteRoles('/invoices');
  const manage = [read, app.requirePermission('invoices:manage')];

  const paid = (request: FastifyRequest, reply: FastifyReply, result: PaymentResult) =>
    reply.status(201).send(ok(request, result, invoiceTexts.paymentRecorded));
  const paymentConfig = {
    idempotency: 'required' as const,
    // A retry whose first request recorded the payment but stored no answer gets that payment, never a second one.
    idempotentOperation: async (request: FastifyRequest, reply: FastifyReply, paymentId: string) => {
      const result = await commands.paymentResultOf(deps, actorOf(request), paymentId);
      return result ? paid(request, reply, result) : undefined;
    },
  };
  const invoiceAnswer = apiEnvelope(invoiceSchema);

  app.get(
    '/invoices',
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        summary: "Invoices of the reader's company (every company's for platform administrators): search, status filter, newest first",
        querystring: invoiceListQuery,
        response: { 200: apiEnvelope(invoiceListSchema) },
      },
    },
    async (request) => ok(request, await queries.listInvoices(deps, actorOf(request), request.query)),
  );

  app.get(
    '/invoices/stats',
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        summary: 'The summary cards: total revenue, pending and overdue amounts, collection rate per currency; average payment time',
        response: { 200: apiEnvelope(invoiceStatsSchema) },
      },
    },
    async (request) => ok(request, await queries.invoiceStats(deps, actorOf(request))),
  );

  app.get(
    '/invoices/export',
    {
      onRequest: read,
      schema: {
        tags: TAGS,
        summary: 'The filtered list (every page) as a CSV or JSON download',
        produces: ['text/csv', 'application/json'],
        querystring: invoiceExportQuery,
      },
    },
    async (request, reply) => {
      const exported = await queries.exportInvoices(deps, actorOf(request), request.query);
      if (exported.format === 'csv') return sendCsvDownload(reply, 'invoices', exported.body);
      const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices-${stamp}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(exported.items, null, 2));
    },
  );

  app.get(
    '/invoices/:id',
    {
      onRequest: read,
      schema: { tags: TAGS, summary: 'One invoice with its lines and payments', params: invoiceIdParams, response: { 200: invoiceAnswer } },
    },
    async (request) => ok(request, await queries.getInvoice(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: read,
      schema: { tags: TAGS, summary: "The invoice as a PDF (attachment) with the tenant's branding", produces: ['application/pdf'], params: invoiceIdParams },
    },
    async (request, reply) => {
      const { fileName, pdf } = await queries.invoicePdf(deps, actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/invoices',
    {
      onRequest: manage,
      schema: {
        tags: TAGS,
        summary: "Create an invoice (a draft, or issued at once) numbered from the tenant's sequence; totals computed from the lines",
        body: createInvoiceRequest,
        response: { 201: invoiceAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(ok(request, await commands.createInvoice(deps, actorOf(request), request.body), invoiceTexts.created)),
  );

  app.put(
    '/invoices/:id',
    {
      onRequest: manage,
      schema: {
        tags: TAGS,
        summary: 'Edit a draft, or an issued invoice nobody paid yet; the typed-in lines are replaced, lines billing an operation stay',
        params: invoiceIdParams,
        body: updateInvoiceRequest,
        response: { 200: invoiceAnswer },
      },
    },
    async (request) => ok(request, await commands.updateInvoice(deps, actorOf(request), request.params.id, request.body), invoiceTexts.updated),
  );

  const transition = (path: string, summary: string, run: typeof commands.issueInvoice, message: string) =>
    app.post(
      path,
      { onRequest: manage, schema: { tags: TAGS, summary, params: invoiceIdParams, response: { 200: invoiceAnswer } } },
      async (request): Promise<ReturnType<typeof ok<Invoice>>> => ok(request, await run(deps, actorOf(request), request.params.id), message),
    );
  transition(
    '/invoices/:id/issue',
    'Issue a draft: it becomes pending (overdue if its due date passed) and can be paid',
    commands.issueInvoice,
    invoiceTexts.issued,
  );
  transition('/invoices/:id/cancel', 'Mark cancelled: an invoice without payments is voided, never deleted', commands.cancelInvoice, invoiceTexts.cancelled);

  app.delete(
    '/invoices/:id',
    {
      onRequest: manage,
      schema: { tags: TAGS, summary: 'Delete a draft invoice', params: invoiceIdParams, response: { 200: apiEnvelope(deleteInvoicesResultSchema) } },
    },
    async (request) => ok(request, await commands.deleteInvoices(deps, actorOf(request), [request.params.id]), invoiceTexts.deleted),
  );

  app.post(
    '/invoices/delete',
    {
      onRequest: manage,
      schema: {
        tags: TAGS,
        summary: 'Delete several draft invoices: all or none (any other status refuses the whole request)',
        body: deleteInvoicesRequest,
        response: { 200: apiEnvelope(deleteInvoicesResultSchema) },
      },
    },
    async (request) => ok(request, await commands.deleteInvoices(deps, actorOf(request), request.body.ids), invoiceTexts.deleted),
  );

  app.post(
    '/invoices/:id/payments',
    {
      onRequest: manage,
      config: paymentConfig,
      schema: {
        tags: TAGS,
        summary: 'Record a payment (method required; without an amount, the whole balance); the settling one marks the invoice paid (Idempotency-Key required)',
        params: invoiceIdParams,
        body: recordPaymentRequest,
        response: { 201: apiEnvelope(paymentResultSchema) },
      },
    },
    async (request, reply) =>
      paid(request, reply, await commands.recordPayment(deps, actorOf(request), request.params.id, request.body, operationBinderOf(request))),
  );

  app.post(
    '/invoices/:id/mark-paid',
    {
      onRequest: manage,
      config: paymentConfig,
      schema: {
        tags: TAGS,
        summary: 'Mark paid: records a payment of the whole balance; cannot be undone (Idempotency-Key required)',
        params: invoiceIdParams,
        body: recordPaymentRequest.omit({ amount: true }),
        response: { 201: apiEnvelope(paymentResultSchema) },
      },
    },
    async (request, reply) =>
      paid(request, reply, await commands.recordPayment(deps, actorOf(request), request.params.id, request.body, operationBinderOf(request))),
  );

  const reconciles = app.requireRouteRoles('/financial/reconciliation');

  app.get(
    '/financial/reconciliation',
    {
      onRequest: reconciles,
      schema: {
        tags: TAGS,
        summary: 'Invoices vs payments vs billable operations: totals per currency, billed operations, and the mismatches (open, or with their resolutions)',
        querystring: financialReconciliationQuery,
        response: { 200: apiEnvelope(financialReconciliationSchema) },
      },
    },
    async (request) => ok(request, await reconciliation.financialReconciliation(deps, actorOf(request), request.query.includeResolved === 'true')),
  );

  app.post(
    '/financial/reconciliation/resolutions',
    {
      onRequest: reconciles,
      schema: {
        tags: TAGS,
        summary: 'Resolve an open mismatch with a note (once; audited)',
        body: resolveMismatchRequest,
        response: { 201: apiEnvelope(financialMismatchSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(request, await reconciliation.resolveMismatch(deps, actorOf(request), request.body), financialReconciliationTexts.resolved)),
  );
};
