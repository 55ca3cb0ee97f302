import { NOTIFICATIONS, notificationListSchema, type NotificationList } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const notificationKeys = { all: ['notifications'] as const, latest: () => [...notificationKeys.all, 'latest'] as const };

export function fetchNotifications(): Promise<NotificationList> {
  return api.get('/notifications', notificationListSchema, { query: { limit: NOTIFICATIONS.popoverSize } });
}

export const notificationsQuery = () =>
  queryOptions({ queryKey: notificationKeys.latest(), queryFn: fetchNotifications, staleTime: 30_000, refetchInterval: 60_000 });

export function useNotifications(options: { refetchInterval?: number } = {}) {
  return useQuery({ ...notificationsQuery(), ...options });
}
