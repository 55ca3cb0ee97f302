import type { RealtimeTopic } from '@carbonledger/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { appRealtime } from './app-realtime';
import type { RealtimeEventName, RealtimeHandler, RealtimeSubscriptionPayloads } from './events';
import type { RealtimeClient, RealtimeDebugState, RealtimeStatus } from './realtime-client';

/** Calls the handler for every valid payload of the event while the component is mounted; connects on first use. */
export function useRealtimeEvent<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>, client: RealtimeClient = appRealtime()): void {
  const onPayload = useEffectEvent(handler);
  useEffect(() => {
    client.start();
    return client.on(event, (payload) => onPayload(payload));
  }, [client, event]);
}

/** Marks the query key stale (and refetches what is on screen) whenever one of the events arrives. */
export function useRealtimeInvalidate(events: readonly RealtimeEventName[], queryKey: QueryKey, client: RealtimeClient = appRealtime()): void {
  const queryClient = useQueryClient();
  const invalidate = useEffectEvent(() => void queryClient.invalidateQueries({ queryKey }));
  const eventList = events.join('|');
  useEffect(() => {
    client.start();
    const offs = eventList.split('|').map((event) => client.on(event as RealtimeEventName, () => invalidate()));
    return () => offs.forEach((off) => off());
  }, [client, eventList]);
}

/**
 * Holds the topic's subscription while the component is mounted (unsubscribe_{topic} when it
 * leaves); a payload of different value subscribes again with it. Connects on first use.
 */
export function useRealtimeSubscription<T extends RealtimeTopic>(
  topic: T,
  payload: RealtimeSubscriptionPayloads[T],
  client: RealtimeClient = appRealtime(),
): void {
  // By value: a screen builds a new filters object on every render.
  const serialised = JSON.stringify(payload ?? null);
  useEffect(() => {
    client.start();
    // JSON has no undefined: a topic without payload went through as null.
    const held = JSON.parse(serialised) as RealtimeSubscriptionPayloads[T] | null;
    return client.subscribe(topic, held ?? (undefined as RealtimeSubscriptionPayloads[T]));
  }, [client, topic, serialised]);
}

export function useRealtimeStatus(client: RealtimeClient = appRealtime()): RealtimeStatus {
  return useSyncExternalStore(client.onStatusChange, client.status, client.status);
}

/**
 * A polling interval for data the socket also pushes: the slow one while the socket is
 * connected (a safety net), the normal one while it is not.
 */
export function useFallbackInterval<T extends number | false>(whileConnected: T, whileOffline: number, client: RealtimeClient = appRealtime()): T | number {
  return useRealtimeStatus(client) === 'connected' ? whileConnected : whileOffline;
}

/** The websocket debug panel's view of the connection (docs/product.md §2): state, topics held, the last events. */
export function useRealtimeDebug(client: RealtimeClient = appRealtime()): RealtimeDebugState {
  return useSyncExternalStore(client.onDebugChange, client.debug, client.debug);
}
