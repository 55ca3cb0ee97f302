export { notificationsRoutes } from './notifications.routes';
export { notify, unreadCountOf, type Delivery, type NotificationContent, type NotificationPublisher, type Recipients } from './notifications.service';
