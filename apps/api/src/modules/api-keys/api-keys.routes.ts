import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  apiKeyIdParams,
  apiKeyListSchema,
  apiKeySchema,
  apiKeyTexts,
  apiKeyWithSecretSchema,
  apiUsageQuery,
  apiUsageSchema,
  createApiKeyRequest,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import * as commands from './api-keys.commands';
import * as queries from './api-keys.queries';

const tags = ['api-keys'];

/**
 * docs/product.md §2 /api-management (the route's roles, §6): keys and their usage. Sessions
 * only — the route guards refuse API keys, so a key never manages keys.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, usage: app.apiKeyGate.usage, forgetKeys: app.apiKeyGate.forget };
  const guard = app.requireRouteRoles('/api-management');

  app.get(
    '/api-keys',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "The company's API keys with last use, status and requests in the last 24 hours",
        response: { 200: apiEnvelope(apiKeyListSchema) },
      },
    },
    async (request) => ok(request, await queries.listKeys(deps, actorOf(request))),
  );

  app.post(
    '/api-keys',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Create an API key; the answer holds its secret, shown this once',
        body: createApiKeyRequest,
        response: { 201: apiEnvelope(apiKeyWithSecretSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(request, await commands.createKey(deps, actorOf(request), request.body), apiKeyTexts.created)),
  );

  app.post(
    '/api-keys/:id/rotate',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Replace the secret of an active key; the old one stops working at once',
        params: apiKeyIdParams,
        response: { 200: apiEnvelope(apiKeyWithSecretSchema) },
      },
    },
    async (request) => ok(request, await commands.rotateKey(deps, actorOf(request), request.params.id), apiKeyTexts.rotated),
  );

  app.post(
    '/api-keys/:id/revoke',
    { onRequest: guard, schema: { tags, summary: 'Revoke a key for good', params: apiKeyIdParams, response: { 200: apiEnvelope(apiKeySchema) } } },
    async (request) => ok(request, await commands.revokeKey(deps, actorOf(request), request.params.id), apiKeyTexts.revoked),
  );

  app.get(
    '/api-keys/usage',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Requests, errors, latency percentiles and top endpoints over 1h, 24h, 7d, 30d or 90d, of one key or the company',
        querystring: apiUsageQuery,
        response: { 200: apiEnvelope(apiUsageSchema) },
      },
    },
    async (request) => ok(request, await queries.usageOf(deps, actorOf(request), request.query)),
  );
};
