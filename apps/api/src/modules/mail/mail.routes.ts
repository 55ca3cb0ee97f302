import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEnvelope, outboxMessageSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { listOutbox, mailDepsOf } from './mail.service';

/** Registered under API_BASE_PATH. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = mailDepsOf(app);
  app.get(
    '/mail/outbox',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['mail'],
        summary: 'E-mail kept in the product because no SMTP server is configured (tenant administrators)',
        response: { 200: apiEnvelope(z.array(outboxMessageSchema)) },
      },
    },
    async (request) => ok(request, await listOutbox(deps, actorOf(request))),
  );
};
