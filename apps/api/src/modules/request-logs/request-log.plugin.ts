import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@carbonledger/contracts';
import { toAppError } from '../../plugins/errors';
import { createRequestLogWriter, type RequestLogWriter } from './request-log.writer';

declare module 'fastify' {
  interface FastifyInstance {
    requestLogs: RequestLogWriter;
  }
  interface FastifyRequest {
    failureMessage: string | null;
    /** Who a sign-in request signed in, so its log line has a tenant and user although it carried no token. */
    signedInAs: { tenantId: string; userId: string } | null;
  }
}

/** Every API request is recorded (docs/product.md §3 request log) after its answer is sent. */
export const requestLogPlugin = fp(async (app) => {
  const writer = createRequestLogWriter(app.db, app.log);
  app.decorate('requestLogs', writer);
  app.decorateRequest('failureMessage', null);
  app.decorateRequest('signedInAs', null);

  app.addHook('onError', async (request, _reply, error) => {
    request.failureMessage = toAppError(error).message;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith(API_BASE_PATH)) return;
    const agent = request.headers['user-agent'];
    const identity = request.auth ?? request.signedInAs;
    writer.record({
      tenantId: identity?.tenantId ?? null,
      requestId: request.id,
      createdAt: new Date(),
      method: request.method,
      path: request.url.split('?')[0]!.slice(0, 500),
      statusCode: reply.statusCode,
      responseTimeMs: reply.elapsedTime,
      userId: identity?.userId ?? null,
      ip: request.ip ?? null,
      userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
      errorMessage: reply.statusCode >= 400 ? (request.failureMessage ?? null) : null,
    });
  });

  app.addHook('onClose', async () => {
    await writer.flush();
  });
});
