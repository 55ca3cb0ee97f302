/** The notifications module's face: its routes, notify (create, then push after commit) and the unread count the socket gateway sends. */
export { notificationsRoutes } from './notifications.routes';
export { notify, unreadCountOf, type Delivery, type NotificationContent, type NotificationPublisher, type Recipients } from './notifications.service';
