import { STORAGE_KEYS } from '@carbonledger/contracts';
import { useAuthStore } from '../auth-store';
import { authStorage } from '../storage';
import { createRealtimeClient, fetchRealtimeConfig, type RealtimeClient } from './realtime-client';

let client: RealtimeClient | null = null;

/**
 * The signed-in session's one socket. It follows the session: a refreshed token reopens it
 * with the new token, logout (or the token cleared in another tab) closes it.
 */
export function appRealtime(): RealtimeClient {
  if (client) return client;
  const realtime = createRealtimeClient({
    loadConnect: () => import('socket.io-client').then((module) => module.io),
    getToken: () => authStorage.get('accessToken'),
    fetchConfig: () => fetchRealtimeConfig(),
  });
  useAuthStore.subscribe((state) => {
    if (state.status === 'authenticated') realtime.tokenChanged();
    else realtime.stop();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.accessToken && event.newValue === null) realtime.stop();
  });
  client = realtime;
  return realtime;
}
