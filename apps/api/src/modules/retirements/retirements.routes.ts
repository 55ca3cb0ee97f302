import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiEnvelope,
  createRetirementRequest,
  retirementActionResultSchema,
  retirementIdParams,
  retirementListQuery,
  retirementListSchema,
  retirementSchema,
  retirementStatsSchema,
  retirementTexts,
  submitRetirementRequest,
  type RetirementActionResult,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { approvalsDepsOf } from '../approvals';
import { operationBinderOf } from '../idempotency';
import { registerRetirementApprovals } from './retirements.approval';
import * as commands from './retirements.commands';
import type { RetirementDeps } from './retirements.context';
import { enqueueScheduledRetirement, registerRetirementJobs } from './retirements.jobs';
import * as queries from './retirements.queries';

const MESSAGES = {
  awaiting_approval: retirementTexts.awaitingApproval,
  pending: retirementTexts.created,
  awaiting_signature: retirementTexts.scheduleCreated,
  scheduled: retirementTexts.scheduled,
  processing: retirementTexts.processing,
  completed: retirementTexts.retired,
  failed: retirementTexts.failed,
  cancelled: retirementTexts.cancelled,
} as const;

const statsQuery = z.object({ companyId: z.uuid().optional() });

/** What the retirement services need from the app (also used by tests that drive the jobs directly). */
export function retirementDeps(app: FastifyInstance): RetirementDeps {
  return {
    context: app.chainContext,
    publisher: app.live,
    live: app.live,
    explorer: app.explorer,
    registry: app.registryFor,
    masterKey: app.masterKey,
    publicBaseUrl: app.publicBaseUrl,
    schedule: (job) => enqueueScheduledRetirement(app, job),
    approvals: approvalsDepsOf(app),
  };
}

function created(request: FastifyRequest, reply: FastifyReply, result: RetirementActionResult): FastifyReply {
  return reply.status(201).send(ok(request, result, MESSAGES[result.retirement.status]));
}

/** docs/product.md §2 Retirements: retire now or at a scheduled time, sign, cancel, history and stats. */
export const retirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = retirementDeps(app);
  await registerRetirementJobs(app, deps);
  registerRetirementApprovals(deps);
  const create = app.requirePermission('retirements:create');
  const read = app.requirePermission('retirements:read');

  app.post(
    '/retirements',
    {
      onRequest: create,
      config: {
        idempotency: 'required',
        // A retry of a create that stored no answer answers its retirement once decided, never a second retirement.
        idempotentOperation: async (request, reply, retirementId) => {
          const result = await commands.createdRetirementOutcome(deps, actorOf(request), retirementId);
          return result && created(request, reply, result);
        },
      },
      schema: {
        tags: ['retirements'],
        summary: 'Retire now or schedule (Idempotency-Key required); answers the transaction the connected wallet signs, if any',
        body: createRetirementRequest,
        response: { 201: apiEnvelope(retirementActionResultSchema) },
      },
    },
    async (request, reply) => created(request, reply, await commands.createRetirement(deps, actorOf(request), request.body, operationBinderOf(request))),
  );

  app.post(
    '/retirements/:id/submit',
    {
      onRequest: create,
      config: { idempotency: 'required' },
      schema: {
        tags: ['retirements'],
        summary: "Submit the wallet's signature of the prepared transaction (Idempotency-Key required)",
        params: retirementIdParams,
        body: submitRetirementRequest,
        response: { 200: apiEnvelope(retirementSchema) },
      },
    },
    async (request) => {
      const retirement = await commands.submitRetirement(deps, actorOf(request), request.params.id, request.body.signedTxBase64);
      return ok(request, retirement, MESSAGES[retirement.status]);
    },
  );

  app.post(
    '/retirements/:id/prepare',
    {
      onRequest: create,
      config: { idempotency: 'required' },
      schema: {
        tags: ['retirements'],
        summary: 'A fresh transaction to sign (also usable in /tools/sign-base64?transactionId=)',
        params: retirementIdParams,
        response: { 200: apiEnvelope(retirementActionResultSchema) },
      },
    },
    async (request) => ok(request, await commands.prepareRetirement(deps, actorOf(request), request.params.id)),
  );

  app.post(
    '/retirements/:id/cancel',
    {
      onRequest: create,
      config: { idempotency: 'required' },
      schema: {
        tags: ['retirements'],
        summary: 'Cancel a retirement not sent yet; a scheduled one reduces the delegate allowance',
        params: retirementIdParams,
        response: { 200: apiEnvelope(retirementActionResultSchema) },
      },
    },
    async (request) => ok(request, await commands.cancelRetirement(deps, actorOf(request), request.params.id), retirementTexts.cancelled),
  );

  app.get(
    '/retirements/stats',
    {
      onRequest: read,
      schema: {
        tags: ['retirements'],
        summary: 'Total retired (tCO2e), certificates, transactions',
        querystring: statsQuery,
        response: { 200: apiEnvelope(retirementStatsSchema) },
      },
    },
    async (request) => ok(request, await queries.retirementStatsOf(deps, actorOf(request), request.query.companyId)),
  );

  app.get(
    '/retirements',
    {
      onRequest: read,
      schema: {
        tags: ['retirements'],
        summary: 'Retirement history, newest first',
        querystring: retirementListQuery,
        response: { 200: apiEnvelope(retirementListSchema) },
      },
    },
    async (request) => ok(request, await queries.listRetirements(deps, actorOf(request), request.query)),
  );

  app.get(
    '/retirements/:id',
    {
      onRequest: read,
      schema: {
        tags: ['retirements'],
        summary: 'One retirement, reconciled with the chain',
        params: retirementIdParams,
        response: { 200: apiEnvelope(retirementSchema) },
      },
    },
    async (request) => ok(request, await queries.getRetirement(deps, actorOf(request), request.params.id)),
  );
};
