import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVER_EVENTS,
  apiEnvelope,
  markAllReadResultSchema,
  notificationListSchema,
  notificationSchema,
  notificationsQuery,
  testNotificationRequest,
  testNotificationResultSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { createNotifications, listNotifications, readAllNotifications, readNotification } from './notifications.service';
import { sendTestNotification } from './notification-channels';

const idParams = z.object({ id: z.uuid() });

/** The signed-in user's notifications. Registered under API_BASE_PATH. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/notifications';

  app.get(
    base,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications, newest first, with the unread count",
        querystring: notificationsQuery,
        response: { 200: apiEnvelope(notificationListSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => listNotifications(tx, authOf(request).userId, request.query))),
  );

  app.put(
    `${base}/:id/read`,
    {
      onRequest: app.authenticate,
      schema: { tags: ['notifications'], summary: 'Mark one notification read', params: idParams, response: { 200: apiEnvelope(notificationSchema) } },
    },
    async (request) => {
      const { userId } = authOf(request);
      const { notification, unreadCount } = await request.withTenant((tx) => readNotification(tx, userId, request.params.id));
      app.live.emitToUser(userId, 'notifications_count', { unreadCount });
      return ok(request, notification, 'Notification marked as read');
    },
  );

  app.put(
    `${base}/read-all`,
    {
      onRequest: app.authenticate,
      schema: { tags: ['notifications'], summary: "Mark all the signed-in user's notifications read", response: { 200: apiEnvelope(markAllReadResultSchema) } },
    },
    async (request) => {
      const { userId } = authOf(request);
      const updated = await request.withTenant((tx) => readAllNotifications(tx, userId));
      app.live.emitToUser(userId, 'notifications_count', { unreadCount: 0 });
      return ok(request, { updated, unreadCount: 0 as const }, 'All notifications marked as read');
    },
  );

  app.post(
    `${base}/test`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Send the signed-in user a test notification on a channel',
        body: testNotificationRequest,
        response: { 200: apiEnvelope(testNotificationResultSchema) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { channel } = request.body;
      const content = {
        type: 'SYSTEM' as const,
        title: 'Test notification',
        message: `This is a test ${channel} notification from Carbonledger.`,
        link: '/settings?tab=notifications',
      };
      const deliveries = await request.withTenant((tx) => createNotifications(tx, auth.tenantId, { userIds: [auth.userId] }, content));
      // To the bell only: publish would also hand it to the outside channels the preferences choose.
      for (const delivery of deliveries) {
        app.live.emitToUser(auth.userId, SERVER_EVENTS.notificationNew, delivery.notification);
        app.live.emitToUser(auth.userId, SERVER_EVENTS.notificationsCount, { unreadCount: delivery.unreadCount });
      }
      const deliveredTo = await sendTestNotification(app.notificationChannels.deps, channel, { tenantId: auth.tenantId, userId: auth.userId }, content);
      return ok(request, { channel, deliveredTo }, 'Test notification sent');
    },
  );
};
