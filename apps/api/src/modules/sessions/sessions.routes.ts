import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEnvelope, idParams, monitoredSessionSchema, securityEventSchema, securityEventsQuery, sessionStatsSchema } from '@carbonledger/contracts';
import { companyScopeOf } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { actorOf, authOf, originOf } from '../../plugins/auth';
import { listEvents } from '../security';
import * as sessions from './sessions.service';

const base = '/sessions';

/** Registered under API_BASE_PATH. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/active`,
    {
      onRequest: app.requireRouteRoles('/security/sessions'),
      schema: { tags: ['sessions'], summary: 'Live sessions of the tenant', response: { 200: apiEnvelope(z.array(monitoredSessionSchema)) } },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        request,
        await request.withTenant((tx) =>
          sessions.listActiveSessions(tx, app.sessionPolicy, { currentSessionId: auth.sessionId, companyId: companyScopeOf(auth) }),
        ),
      );
    },
  );

  app.get(
    `${base}/mine`,
    {
      onRequest: app.authenticate,
      schema: { tags: ['sessions'], summary: 'Live sessions of the signed-in user', response: { 200: apiEnvelope(z.array(monitoredSessionSchema)) } },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        request,
        await request.withTenant((tx) => sessions.listActiveSessions(tx, app.sessionPolicy, { currentSessionId: auth.sessionId, userId: auth.userId })),
      );
    },
  );

  app.get(
    `${base}/stats`,
    {
      onRequest: app.requireRouteRoles('/security/sessions'),
      schema: { tags: ['sessions'], summary: 'Session statistics of the tenant', response: { 200: apiEnvelope(sessionStatsSchema) } },
    },
    async (request) => ok(request, await request.withTenant((tx) => sessions.sessionStats(tx, app.sessionPolicy, companyScopeOf(authOf(request))))),
  );

  app.delete(
    `${base}/:id`,
    {
      onRequest: app.authenticate,
      schema: { tags: ['sessions'], summary: 'End a session at once', params: idParams, response: { 200: apiEnvelope(z.null()) } },
    },
    async (request) => {
      const auth = authOf(request);
      const actor = { ...actorOf(request), email: auth.email };
      await request.withTenant((tx) =>
        sessions.terminateSession(tx, originOf(request), actor, request.params.id, auth.sessionId === request.params.id ? 'ended by its user' : 'terminated'),
      );
      return ok(request, null, 'Session terminated');
    },
  );

  app.get(
    `${base}/security-events`,
    {
      onRequest: app.requireRouteRoles('/security-center'),
      schema: {
        tags: ['security'],
        summary: 'Security events of the tenant',
        querystring: securityEventsQuery,
        response: { 200: apiEnvelope(z.array(securityEventSchema)) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => listEvents(tx, request.query, companyScopeOf(authOf(request))))),
  );

  app.get(
    `${base}/mine/events`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['security'],
        summary: 'Security history of the signed-in user',
        querystring: securityEventsQuery.omit({ userId: true }),
        response: { 200: apiEnvelope(z.array(securityEventSchema)) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => listEvents(tx, { ...request.query, userId: authOf(request).userId }, undefined))),
  );
};
