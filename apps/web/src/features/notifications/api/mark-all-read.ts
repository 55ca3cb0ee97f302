import { markAllReadResultSchema } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './notifications';

export function markAllNotificationsRead() {
  return api.put('/notifications/read-all', undefined, markAllReadResultSchema);
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}
