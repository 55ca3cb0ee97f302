import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './notifications';

export function markNotificationRead(id: string): Promise<unknown> {
  return api.put(`/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}
