import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { RealtimeEventName } from './events';
import type { RealtimeClient, RealtimeStatus } from './realtime-client';

/** A client whose server is this test: it delivers events and changes state on demand. */
export function fakeClient() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<() => void>();
  let state: RealtimeStatus = 'disconnected';
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
    status: () => state,
    lastError: () => null,
    onStatusChange(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
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
  };
}
