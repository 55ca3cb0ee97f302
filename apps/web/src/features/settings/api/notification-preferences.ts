import {
  notificationPreferencesSchema,
  pushConfigSchema,
  testNotificationResultSchema,
  type NotificationChannel,
  type NotificationPreferences,
} from '@carbonledger/contracts';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const notificationPreferenceKeys = {
  all: ['notification-preferences'] as const,
  preferences: ['notification-preferences', 'mine'] as const,
  push: ['notification-preferences', 'push'] as const,
};

/** The signed-in user's channels per category, quiet hours and time zone (docs/product.md §3). */
export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationPreferenceKeys.preferences, queryFn: () => api.get('/notifications/preferences', notificationPreferencesSchema) });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => api.put('/notifications/preferences', preferences, notificationPreferencesSchema),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferenceKeys.preferences, saved),
  });
}

export function useSendTestNotification() {
  return useMutation({
    mutationFn: (channel: NotificationChannel) => api.post('/notifications/test', { channel }, testNotificationResultSchema),
  });
}

export function usePushConfig() {
  return useQuery({ queryKey: notificationPreferenceKeys.push, queryFn: () => api.get('/notifications/push/config', pushConfigSchema) });
}

/** Whether this browser can receive Web Push at all (a service worker and the Push API). */
export const pushSupported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window;

/**
 * Subscribes this browser through the service worker /sw.js with the server's VAPID key and
 * stores the subscription for the user; asks the notification permission first.
 */
async function subscribeThisDevice(publicKey: string): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('permission');
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  await api.post('/notifications/push/subscriptions', subscription.toJSON(), z.object({ subscribed: z.literal(true) }));
}

export function useSubscribeThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationPreferenceKeys.push }),
  });
}
