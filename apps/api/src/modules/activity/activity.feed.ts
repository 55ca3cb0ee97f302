import fp from 'fastify-plugin';
import { API_BASE_PATH, SERVER_EVENTS, type ActivityUpdatePayload } from '@carbonledger/contracts';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * activity_update: once a signed-in user's state-changing request has answered (its audit
 * entries committed), the people who may read that user's activity — their company's members
 * and the tenant's administrators — hear that the activity log has news, and an open activity
 * screen reads its page again. It names no entry: the screen reads what its reader may see.
 * Work without a request (scheduled retirements, batch mints) is followed through those
 * features' own events. Registered before the routes, so its hook applies to them.
 */
export const activityFeedPlugin = fp(async (app) => {
  app.addHook('onResponse', async (request) => {
    const auth = request.auth;
    if (!auth || !CHANGING_METHODS.has(request.method) || !request.url.startsWith(API_BASE_PATH) || !app.hasDecorator('live')) return;
    app.live.emitToCompany({ tenantId: auth.tenantId, companyId: auth.companyId }, SERVER_EVENTS.activityUpdate, {
      companyId: auth.companyId,
    } satisfies ActivityUpdatePayload);
  });
});
