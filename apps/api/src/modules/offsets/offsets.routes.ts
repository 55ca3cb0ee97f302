import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  apiEnvelope,
  createOffsetRequest,
  OFFSET_OPERATION_TYPE,
  offsetRequestIdParams,
  offsetRequestListQuery,
  offsetRequestListSchema,
  offsetRequestSchema,
  offsetTokenListSchema,
  offsetTexts,
  type OffsetRequest,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { registerApprovalHandler } from '../approvals';
import { operationBinderOf } from '../idempotency';
import * as commands from './offsets.commands';
import { offsetDepsOf, viewOf } from './offsets.context';
import { offsetApprovalHandler } from './offsets.execution';
import * as queries from './offsets.queries';

function created(request: FastifyRequest, reply: FastifyReply, result: OffsetRequest): FastifyReply {
  return reply.status(201).send(ok(request, result, offsetTexts.created));
}

/** docs/product.md §2 /offsets/requests (the route's roles, §6): ask, follow, and the approval engine's handler that retires on the final approval. */
export const offsetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = offsetDepsOf(app);
  registerApprovalHandler(app.db, OFFSET_OPERATION_TYPE, offsetApprovalHandler(deps));
  const guard = app.requireRouteRoles('/offsets/requests');

  app.post(
    '/offsets/requests',
    {
      onRequest: guard,
      config: {
        idempotency: 'required',
        // A retry of a request that stored no answer answers the offset request it created, never a second one.
        idempotentOperation: async (request, reply, id) => created(request, reply, await viewOf(deps, actorOf(request).tenantId, id)),
      },
      schema: {
        tags: ['offsets'],
        summary: 'Ask for credits to be retired on behalf of a beneficiary, from your own managed wallet or sourced by the platform (Idempotency-Key required)',
        body: createOffsetRequest,
        response: { 201: apiEnvelope(offsetRequestSchema) },
      },
    },
    async (request, reply) => created(request, reply, await commands.createOffset(deps, actorOf(request), request.body, operationBinderOf(request))),
  );

  app.post(
    '/offsets/requests/:id/withdraw',
    {
      onRequest: guard,
      config: { idempotency: 'required' },
      schema: {
        tags: ['offsets'],
        summary: 'The requester withdraws a request still waiting for approval; its approval workflow closes (Idempotency-Key required)',
        params: offsetRequestIdParams,
        response: { 200: apiEnvelope(offsetRequestSchema) },
      },
    },
    async (request) => ok(request, await commands.withdrawOffset(deps, actorOf(request), request.params.id), offsetTexts.withdrawn),
  );

  app.get(
    '/offsets/requests',
    {
      onRequest: guard,
      schema: {
        tags: ['offsets'],
        summary: "Offset requests of the reader's company (and the sourced ones for the platform company), newest first",
        querystring: offsetRequestListQuery,
        response: { 200: apiEnvelope(offsetRequestListSchema) },
      },
    },
    async (request) => ok(request, await queries.listOffsetRequests(deps, actorOf(request), request.query)),
  );

  app.get(
    '/offsets/tokens',
    {
      onRequest: guard,
      schema: {
        tags: ['offsets'],
        summary: "The tenant's project tokens an offset request may name",
        response: { 200: apiEnvelope(offsetTokenListSchema) },
      },
    },
    async (request) => ok(request, await queries.offsetTokens(deps, actorOf(request))),
  );

  app.get(
    '/offsets/requests/:id',
    {
      onRequest: guard,
      schema: {
        tags: ['offsets'],
        summary: 'One offset request with its approval, retirement and certificate',
        params: offsetRequestIdParams,
        response: { 200: apiEnvelope(offsetRequestSchema) },
      },
    },
    async (request) => ok(request, await queries.getOffsetRequest(deps, actorOf(request), request.params.id)),
  );
};
