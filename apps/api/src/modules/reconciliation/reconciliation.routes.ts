import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import {
  apiEnvelope,
  assignDiscrepancyRequest,
  discrepancyIdParams,
  discrepancyListQuery,
  discrepancyListSchema,
  discrepancySchema,
  reconciliationAssigneeListSchema,
  reconciliationRunSchema,
  reconciliationSummarySchema,
  reconciliationTexts,
  resolveDiscrepancyRequest,
  resolveDiscrepancyResultSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { approvalsDepsOf, registerApprovalHandler } from '../approvals';
import { assignDiscrepancy, RECONCILIATION_SYNC, reconciliationSyncHandler, resolveDiscrepancy, type QueueDeps } from './reconciliation.commands';
import { registerReconciliation, requestRun } from './reconciliation.jobs';
import { listDiscrepancies, reconciliationAssignees, reconciliationSummary } from './reconciliation.queries';
import type { ReconciliationDeps } from './reconciliation.service';

export function reconciliationDepsOf(app: FastifyInstance): ReconciliationDeps & QueueDeps {
  return { db: app.db, chain: app.chain, log: app.log, approvals: approvalsDepsOf(app), live: app.live };
}

const resultMessage = {
  resolved: reconciliationTexts.resolved,
  still_open: reconciliationTexts.stillOpen,
  awaiting_approval: reconciliationTexts.approvalRequested,
};

/**
 * Ledger vs chain reconciliation (docs/reconciliation.md): the passes (at start, scheduled, and
 * 'run now'), and the exception queue of the discrepancies they recorded — assign, resolve,
 * summary — for the roles of /reconciliation (docs/product.md §6). Registered under API_BASE_PATH.
 */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = reconciliationDepsOf(app);
  registerApprovalHandler(app.db, RECONCILIATION_SYNC, reconciliationSyncHandler(deps));
  await registerReconciliation(app, deps);
  const guard = app.requireRouteRoles('/reconciliation');

  app.get(
    '/reconciliation/discrepancies',
    {
      onRequest: guard,
      schema: {
        tags: ['reconciliation'],
        summary:
          'The exception queue: differences between the ledger, the chain and the registry found by the passes, newest first (unresolved ones by default)',
        querystring: discrepancyListQuery,
        response: { 200: apiEnvelope(discrepancyListSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(request, await request.withTenant((tx) => listDiscrepancies(tx, actor, request.query)));
    },
  );

  app.post(
    '/reconciliation/discrepancies/:id/assign',
    {
      onRequest: guard,
      schema: {
        tags: ['reconciliation'],
        summary: 'Assign a discrepancy to a reconciliation user (null takes the assignment back)',
        params: discrepancyIdParams,
        body: assignDiscrepancyRequest,
        response: { 200: apiEnvelope(discrepancySchema) },
      },
    },
    async (request) => ok(request, await assignDiscrepancy(deps, actorOf(request), request.params.id, request.body.assigneeId), reconciliationTexts.assigned),
  );

  app.post(
    '/reconciliation/discrepancies/:id/resolve',
    {
      onRequest: guard,
      config: { idempotency: 'optional' },
      schema: {
        tags: ['reconciliation'],
        summary:
          'Resolve with a reason: sync to chain, sync to database (through the approval engine; a direction that would create tonnes is refused) or mark resolved; closed only if a re-check agrees',
        params: discrepancyIdParams,
        body: resolveDiscrepancyRequest,
        response: { 200: apiEnvelope(resolveDiscrepancyResultSchema) },
      },
    },
    async (request) => {
      const result = await resolveDiscrepancy(deps, actorOf(request), request.params.id, request.body);
      return ok(request, result, resultMessage[result.outcome]);
    },
  );

  app.get(
    '/reconciliation/summary',
    {
      onRequest: guard,
      schema: {
        tags: ['reconciliation'],
        summary: 'Per project and vintage: the ledger, the chain supply, their delta, the registry VCUs and the open discrepancies; the latest run',
        response: { 200: apiEnvelope(reconciliationSummarySchema) },
      },
    },
    async (request) => ok(request, await reconciliationSummary(deps, actorOf(request))),
  );

  app.get(
    '/reconciliation/assignees',
    {
      onRequest: guard,
      schema: {
        tags: ['reconciliation'],
        summary: 'Who the reader may assign discrepancies to',
        response: { 200: apiEnvelope(reconciliationAssigneeListSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(request, await request.withTenant((tx) => reconciliationAssignees(tx, actor)));
    },
  );

  app.post(
    '/reconciliation/runs',
    {
      onRequest: guard,
      schema: {
        tags: ['reconciliation'],
        summary: 'Run a reconciliation pass of the tenant now; its progress follows as reconciliation_progress',
        response: { 202: apiEnvelope(reconciliationRunSchema) },
      },
    },
    async (request, reply) => reply.status(202).send(ok(request, await requestRun(app, deps, actorOf(request)), reconciliationTexts.runQueued)),
  );
};
