/** The realtime client's public face for screens: typed subscriptions, query invalidation, connection state. */
export { appRealtime } from './app-realtime';
export { useFallbackInterval, useRealtimeEvent, useRealtimeDebug, useRealtimeInvalidate, useRealtimeStatus, useRealtimeSubscription } from './hooks';
export type { RealtimeEventMap, RealtimeEventName, RealtimeHandler, RealtimeSubscriptionPayloads } from './events';
export type { RealtimeClient, RealtimeDebugEvent, RealtimeDebugState, RealtimeStatus } from './realtime-client';
