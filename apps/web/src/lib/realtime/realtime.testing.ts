import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { RealtimeEventName } from './events';
import type { RealtimeClient, RealtimeDebugState, RealtimeStatus } from './realtime-client';

const NO_DEBUG = { status: 'disconnected', error: null, namespace: null, socketId: null, topics: [], events: [] } as const;

/** A client whose server is this test: it delivers events and changes state on demand. */
export function fakeClient() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<() => void>();
  /** The subscriptions held now, oldest first. */
  const subscriptions: { topic: string; payload: unknown }[] = [];
  let state: RealtimeStatus = 'disconnected';
  let debugState: RealtimeDebugState = NO_DEBUG;
  const client: RealtimeClient = {
    start: vi.fn(),
    stop: vi.fn(),
    tokenChanged: vi.fn(),
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler as (payload: unknown) => void);
      return () => set.delete(handler as (payload: unknown) => void);
    },
    subscribe(topic, payload) {
      const subscription = { topic, payload };
      subscriptions.push(subscription);
      return () => {
        const held = subscriptions.indexOf(subscription);
        if (held >= 0) subscriptions.splice(held, 1);
      };
    },
    status: () => state,
    lastError: () => null,
    onStatusChange(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    debug: () => (debugState.status === state ? debugState : (debugState = { ...NO_DEBUG, status: state })),
    onDebugChange: () => () => undefined,
  };
  return {
    client,
    deliver: (event: RealtimeEventName, payload: unknown) => act(() => handlers.get(event)?.forEach((handler) => handler(payload))),
    setStatus: (next: RealtimeStatus) =>
      act(() => {
        state = next;
        statusListeners.forEach((listener) => listener());
      }),
    listeners: (event: RealtimeEventName) => handlers.get(event)?.size ?? 0,
    subscriptions: () => [...subscriptions],
  };
}
