import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERFORMANCE_REPORT_NAME, apiEnvelope, frontendErrorReport } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { FRONTEND_ERROR_RATE_LIMIT } from '../../plugins/rate-limit';

/**
 * docs/product.md §7 POST /logs/frontend-error: crash and performance reports from the browser, also from signed-out
 * pages, so no session is required; a valid token only adds who reported it. Registered
 * under API_BASE_PATH.
 */
export const frontendLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logs/frontend-error',
    {
      config: { csrf: false, rateLimit: FRONTEND_ERROR_RATE_LIMIT },
      schema: {
        tags: ['system'],
        summary: 'Report an error or a page-load performance report from the web app',
        body: frontendErrorReport,
        response: { 200: apiEnvelope(z.object({ received: z.literal(true) })) },
      },
    },
    async (request) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
      const verified = token ? await app.tokens.verify(token) : null;
      const reporter = verified?.ok ? { userId: verified.claims.userId, tenantId: verified.claims.tenantId } : null;
      const userAgent = request.headers['user-agent'];
      // Page-load timings arrive on the same route (docs/product.md §7): facts, not failures.
      if (request.body.name === PERFORMANCE_REPORT_NAME)
        request.log.info({ frontendPerformance: request.body, reporter, userAgent }, `frontend performance: ${request.body.message}`);
      else request.log.warn({ frontendError: request.body, reporter, userAgent }, `frontend error: ${request.body.name}: ${request.body.message}`);
      return ok(request, { received: true as const }, 'Error reported');
    },
  );
};
