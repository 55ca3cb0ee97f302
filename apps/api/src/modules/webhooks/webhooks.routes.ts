import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiEnvelope,
  apiKeyTexts,
  createWebhookRequest,
  errorCatalogue,
  eventStreamQuery,
  updateWebhookRequest,
  webhookIdParams,
  webhookListSchema,
  webhookMessageListQuery,
  webhookMessageListSchema,
  webhookMessageParams,
  webhookMessageSchema,
  webhookSchema,
  webhookTexts,
  webhookWithSecretSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf, callerOf, type ApiKeyAuth, type AuthContext } from '../../plugins/auth';
import { apiKeyIsLive } from '../api-keys';
import { sessionIsLive } from '../sessions';
import { webhookDepsOf } from './webhooks.deps';
import * as endpoints from './webhooks.endpoints';
import { registerWebhookJobs } from './webhooks.jobs';
import { streamEvents, type EventStreamSink } from './webhooks.stream';

const tags = ['webhooks'];

/**
 * The event stream is also for integrations (docs/product.md §6 API keys): a key that reads
 * transactions hears the events of its company's mints, retirements and the rest as they happen.
 */
const STREAM_KEY_PERMISSION = 'transactions:read';

/** docs/product.md §2 /webhooks (the route's roles, §6) and the §7 server-sent-events stream of the same events. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = webhookDepsOf(app);
  await registerWebhookJobs(app, deps);
  const guard = app.requireRouteRoles('/webhooks');

  app.get(
    '/webhooks',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "The company's webhook endpoints (every company's for platform administrators)",
        response: { 200: apiEnvelope(webhookListSchema) },
      },
    },
    async (request) => ok(request, await endpoints.listWebhooks(deps, actorOf(request))),
  );

  app.post(
    '/webhooks',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Register an endpoint for events; a signed one answers its whsec_ secret this once',
        body: createWebhookRequest,
        response: { 201: apiEnvelope(webhookWithSecretSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(request, await endpoints.createWebhook(deps, actorOf(request), request.body), webhookTexts.created)),
  );

  app.get(
    '/webhooks/:id',
    { onRequest: guard, schema: { tags, summary: 'One webhook endpoint', params: webhookIdParams, response: { 200: apiEnvelope(webhookSchema) } } },
    async (request) => ok(request, await endpoints.getWebhook(deps, actorOf(request), request.params.id)),
  );

  app.patch(
    '/webhooks/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Change the URL, description or events, or enable / disable the endpoint',
        params: webhookIdParams,
        body: updateWebhookRequest,
        response: { 200: apiEnvelope(webhookSchema) },
      },
    },
    async (request) => ok(request, await endpoints.updateWebhook(deps, actorOf(request), request.params.id, request.body), webhookTexts.updated),
  );

  app.delete(
    '/webhooks/:id',
    {
      onRequest: guard,
      schema: { tags, summary: 'Delete the endpoint: nothing more is sent to it', params: webhookIdParams, response: { 200: apiEnvelope(z.null()) } },
    },
    async (request) => {
      await endpoints.deleteWebhook(deps, actorOf(request), request.params.id);
      return ok(request, null, webhookTexts.deleted);
    },
  );

  app.post(
    '/webhooks/:id/secret',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Rotate the signing secret: the new one is answered this once',
        params: webhookIdParams,
        response: { 200: apiEnvelope(webhookWithSecretSchema) },
      },
    },
    async (request) => ok(request, await endpoints.rotateWebhookSecret(deps, actorOf(request), request.params.id), webhookTexts.secretRotated),
  );

  app.get(
    '/webhooks/:id/messages',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "The endpoint's delivery log: messages newest first, each with its attempts (status, latency, answer excerpt)",
        params: webhookIdParams,
        querystring: webhookMessageListQuery,
        response: { 200: apiEnvelope(webhookMessageListSchema) },
      },
    },
    async (request) => ok(request, await endpoints.listWebhookMessages(deps, actorOf(request), request.params.id, request.query)),
  );

  app.post(
    '/webhooks/:id/test',
    {
      onRequest: guard,
      schema: { tags, summary: 'Send a webhook.test event to this endpoint', params: webhookIdParams, response: { 202: apiEnvelope(webhookMessageSchema) } },
    },
    async (request, reply) =>
      reply.status(202).send(ok(request, await endpoints.sendTestEvent(deps, actorOf(request), request.params.id), webhookTexts.testQueued)),
  );

  app.post(
    '/webhooks/:id/messages/:messageId/redeliver',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Send a message again now, with the same webhook-id',
        params: webhookMessageParams,
        response: { 202: apiEnvelope(webhookMessageSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          ok(request, await endpoints.redeliverMessage(deps, actorOf(request), request.params.id, request.params.messageId), webhookTexts.redeliveryQueued),
        ),
  );

  /** What an open stream checks on each poll: the session, or the API key, that opened it still stands. */
  const credentialsOf = (caller: AuthContext | ApiKeyAuth) => {
    const stillValid =
      caller.kind === 'session'
        ? () => app.db.withTenant(caller.tenantId, (tx) => sessionIsLive(tx, caller.sessionId))
        : () => app.db.withTenant(caller.tenantId, (tx) => apiKeyIsLive(tx, caller.apiKey));
    return { stillValid, endedText: caller.kind === 'session' ? errorCatalogue.SESSION_EXPIRED.message : apiKeyTexts.notActive };
  };

  // Open streams are ended before the server closes: an open response would hold its close forever.
  const openStreams = new Set<EventStreamSink>();
  app.addHook('preClose', async () => {
    for (const sink of openStreams) sink.end();
  });

  app.get(
    '/events/stream',
    {
      onRequest: app.requireRouteRoles('/webhooks', { apiKeys: STREAM_KEY_PERMISSION }),
      schema: {
        tags,
        summary: 'Server-sent events: the webhook events as they happen (text/event-stream); Last-Event-ID (header or lastEventId) resumes after an event',
        querystring: eventStreamQuery,
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => {
      const header = request.headers['last-event-id'];
      const resumeFrom = eventStreamQuery.shape.lastEventId.safeParse(typeof header === 'string' ? header : undefined);
      const lastEventId = request.query.lastEventId ?? (resumeFrom.success ? resumeFrom.data : undefined);
      const actor = actorOf(request);
      const credentials = credentialsOf(callerOf(request));
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const sink: EventStreamSink = {
        write: (text) => void raw.write(text),
        onClose: (listener) => raw.on('close', listener),
        end: () => raw.end(),
      };
      openStreams.add(sink);
      raw.on('close', () => openStreams.delete(sink));
      streamEvents(
        app.db,
        actor,
        {
          lastEventId: lastEventId === undefined ? undefined : BigInt(lastEventId),
          types: request.query.types,
          maxDurationMs: app.config.accessTokenTtlSeconds * 1000,
          credentials,
        },
        sink,
      );
    },
  );
};
