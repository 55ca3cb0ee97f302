import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REALTIME, apiEnvelope, realtimeConfigSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';

/** docs/product.md §7 GET /realtime/config: public, so the client can connect before or without signing in. Registered under API_BASE_PATH. */
export const realtimeConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/realtime/config',
    { schema: { tags: ['system'], summary: 'Where the realtime socket listens', response: { 200: apiEnvelope(realtimeConfigSchema) } } },
    async (request) => ok(request, { path: REALTIME.path, namespace: REALTIME.namespace, guestNamespace: REALTIME.guestNamespace }),
  );
};
