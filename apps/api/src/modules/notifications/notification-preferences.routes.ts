import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  notificationPreferencesSchema,
  notificationPreferenceTexts,
  pushConfigSchema,
  pushSubscriptionRequest,
  pushUnsubscribeRequest,
  smsOutboxMessageSchema,
} from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import { actsTenantWide } from '../../lib/actor';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import * as repository from './notification-channels.repository';
import { preferencesOfUser, savePreferences } from './notification-preferences.service';

const SMS_OUTBOX_LIMIT = 200;

/** docs/product.md §3 Notification preferences, the user's push devices and the SMS outbox. Registered under API_BASE_PATH. */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/notifications';

  app.get(
    `${base}/preferences`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's channels per category, quiet hours and time zone",
        response: { 200: apiEnvelope(notificationPreferencesSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => preferencesOfUser(tx, actorOf(request).userId))),
  );

  app.put(
    `${base}/preferences`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "Save the signed-in user's notification preferences",
        body: notificationPreferencesSchema,
        response: { 200: apiEnvelope(notificationPreferencesSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const saved = await request.withTenant((tx) => savePreferences(tx, actor, request.body, request.id));
      return ok(request, saved, notificationPreferenceTexts.saved);
    },
  );

  app.get(
    `${base}/push/config`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "The VAPID public key browsers subscribe with, and how many of the user's devices are subscribed",
        response: { 200: apiEnvelope(pushConfigSchema) },
      },
    },
    async (request) => {
      const subscriptions = await request.withTenant((tx) => repository.subscriptionsOf(tx, actorOf(request).userId));
      return ok(request, { publicKey: app.notificationChannels.deps.vapid.publicKey, subscriptions: subscriptions.length });
    },
  );

  app.post(
    `${base}/push/subscriptions`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "Subscribe this browser to the user's push notifications",
        body: pushSubscriptionRequest,
        response: { 200: apiEnvelope(z.object({ subscribed: z.literal(true) })) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      await request.withTenant((tx) =>
        repository.upsertSubscription(tx, {
          tenantId: actor.tenantId,
          userId: actor.userId,
          endpoint: request.body.endpoint,
          p256dh: request.body.keys.p256dh,
          auth: request.body.keys.auth,
          userAgent,
        }),
      );
      return ok(request, { subscribed: true as const }, notificationPreferenceTexts.subscribed);
    },
  );

  app.delete(
    `${base}/push/subscriptions`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Unsubscribe this browser',
        body: pushUnsubscribeRequest,
        response: { 200: apiEnvelope(z.object({ removed: z.number().int().nonnegative() })) },
      },
    },
    async (request) => {
      const removed = await request.withTenant((tx) => repository.deleteSubscription(tx, actorOf(request).userId, request.body.endpoint));
      return ok(request, { removed }, notificationPreferenceTexts.unsubscribed);
    },
  );

  app.get(
    `${base}/sms-outbox`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'SMS kept by the local outbox driver (tenant administrators)',
        response: { 200: apiEnvelope(z.array(smsOutboxMessageSchema)) },
      },
    },
    async (request) => {
      if (!actsTenantWide(actorOf(request))) throw new AppError('ACCESS_DENIED');
      const rows = await request.withTenant((tx) => repository.listSms(tx, SMS_OUTBOX_LIMIT));
      return ok(
        request,
        rows.map((row) => ({ id: row.id, to: row.recipient, body: row.body, createdAt: row.createdAt.toISOString() })),
      );
    },
  );
};
