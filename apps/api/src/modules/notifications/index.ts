/** The notifications module's face: its routes, notify (create, then push after commit), the unread count the socket gateway sends, and the outside channels. */
export { notificationsRoutes } from './notifications.routes';
export { notificationPreferencesRoutes } from './notification-preferences.routes';
export { notificationChannelsPlugin, type NotificationChannels } from './notification-channels.plugin';
export { notify, unreadCountOf, type Delivery, type NotificationContent, type NotificationPublisher, type Recipients } from './notifications.service';
