import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEnvelope, clientConfigSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';

/**
 * docs/product.md §7 GET /client-config: public, because errors on signed-out pages are reported
 * too. The DSN is meant for browsers (Sentry ingests with it, it grants no reading). Registered
 * under API_BASE_PATH.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client-config',
    { schema: { tags: ['system'], summary: 'Run-time settings of the web app (error reporting)', response: { 200: apiEnvelope(clientConfigSchema) } } },
    async (request) => ok(request, { sentryDsn: app.config.sentryDsn ?? null, environment: app.config.env }),
  );
};
