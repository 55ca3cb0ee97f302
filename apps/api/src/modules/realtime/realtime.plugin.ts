import fp from 'fastify-plugin';
import { isPlatformOperator, operationsStats } from '../operations';
import { checkSession } from '../sessions';
import { transactionsDepsOf } from '../transactions';
import { attachRealtimeGateway, type RealtimeGateway } from './realtime.gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes events to signed-in users' sockets (per user, per tenant). */
    live: RealtimeGateway;
  }
  interface FastifyRequest {
    /** Sessions this request revoked (filled through originOf). */
    endedSessions: string[] | null;
  }
}

/** The socket gateway, authenticating members with the same token and session checks as the API. */
export const realtimePlugin = fp(async (app) => {
  const gateway = attachRealtimeGateway({
    realtime: app.realtime,
    database: app.db,
    async authenticate(token) {
      const verified = await app.tokens.verify(token);
      if (!verified.ok) return null;
      const { claims } = verified;
      const check = await checkSession({ db: app.db, policy: app.sessionPolicy, cache: app.sessionCache }, claims);
      return check.ok
        ? {
            sessionId: check.session.id,
            userId: check.session.userId,
            tenantId: check.session.tenantId,
            companyId: check.session.companyId,
            role: check.session.role,
          }
        : null;
    },
    transactions: transactionsDepsOf(app),
    logFeedFailure: (error) => app.log.warn({ err: error }, 'realtime: a transaction_update could not be built'),
    // Looked up when a notification is published: the channels plugin registers after this one.
    outsideChannels: (deliveries) => {
      if (app.hasDecorator('notificationChannels')) app.notificationChannels.deliver(deliveries);
    },
    operations: {
      allowed: (identity) => isPlatformOperator(app.db, identity),
      stats: () => operationsStats({ db: app.db, metrics: app.metrics }),
    },
  });
  app.decorate('live', gateway);
  app.addHook('onClose', async () => gateway.close());
});

/**
 * Disconnects the sockets of the sessions a request revoked (logout, DELETE /sessions/{id},
 * disabling a user, a password change). Registered before the routes, so its hook applies
 * to them. onSend runs once the handler's transaction has committed and before the client
 * hears the answer: a reconnect is refused, and when logout answers its sockets are gone.
 */
export const sessionEndingsPlugin = fp(async (app) => {
  app.decorateRequest('endedSessions', null);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.endedSessions?.length && app.hasDecorator('live')) app.live.endSessions(request.endedSessions);
    return payload;
  });
});
