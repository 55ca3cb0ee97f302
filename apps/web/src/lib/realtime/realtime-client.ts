import {
  API_BASE_PATH,
  CLIENT_EVENTS,
  REALTIME,
  SERVER_EVENTS,
  realtimeConfigSchema,
  subscribeEvent,
  unsubscribeEvent,
  type RealtimeConfig,
  type RealtimeTopic,
} from '@carbonledger/contracts';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { REALTIME_EVENT_SCHEMAS, isRealtimeEvent, type RealtimeEventName, type RealtimeHandler, type RealtimeSubscriptionPayloads } from './events';

/** docs/product.md §4 realtime connection states. */
export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

type Connect = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface RealtimeTiming {
  maxReconnectAttempts: number;
  baseDelayMs: number;
  serverCloseDelayMs: number;
  heartbeatIntervalMs: number;
  missedHeartbeatsAllowed: number;
  connectTimeoutMs: number;
  /** docs/product.md §4: after three missed pongs the socket is dropped and opened again after 1 s. */
  heartbeatReconnectDelayMs: number;
}

export interface RealtimeClientOptions {
  /** socket.io's io(); loaded on the first connection so the signed-in frame renders without it. */
  loadConnect: () => Promise<Connect>;
  /** The stored access token: its presence picks the authenticated namespace, and it is read afresh on every connection. */
  getToken: () => string | null;
  /** Origin of the API; empty for the page's own origin. */
  baseUrl?: string;
  /** GET /realtime/config (no credentials); a failure keeps the built-in defaults. */
  fetchConfig?: () => Promise<RealtimeConfig | null>;
  timing?: Partial<RealtimeTiming>;
}

export interface RealtimeClient {
  /** Connects unless already connected or connecting; a disabled client stays disabled until stop(). */
  start(): void;
  /** Disconnects and stops reconnecting (logout, token cleared in another tab). */
  stop(): void;
  /** Reconnects when the stored token is no longer the one the socket was opened with (after a refresh). */
  tokenChanged(): void;
  on<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void;
  /**
   * Holds a docs/product.md §7 topic: subscribe_{topic} goes out now when connected and again on every
   * (re)connection, since the server forgets a closed socket's rooms. The returned function
   * lets go: unsubscribe_{topic} once nobody else holds the topic, else the remaining holder's
   * subscription again.
   */
  subscribe<T extends RealtimeTopic>(topic: T, payload: RealtimeSubscriptionPayloads[T]): () => void;
  status(): RealtimeStatus;
  lastError(): string | null;
  onStatusChange(listener: () => void): () => void;
}

const DEFAULT_TIMING: RealtimeTiming = {
  maxReconnectAttempts: REALTIME.maxReconnectAttempts,
  baseDelayMs: REALTIME.baseDelayMs,
  serverCloseDelayMs: REALTIME.serverCloseDelayMs,
  heartbeatIntervalMs: REALTIME.heartbeatIntervalMs,
  missedHeartbeatsAllowed: REALTIME.missedHeartbeatsAllowed,
  connectTimeoutMs: REALTIME.connectTimeoutMs,
  heartbeatReconnectDelayMs: 1000,
};

/** docs/product.md §8: the text of a realtime error that carries no message of its own. */
export const UNKNOWN_REALTIME_ERROR = 'Erro desconhecido';

/** socket.io's refusal of a namespace the server does not serve. */
const INVALID_NAMESPACE = 'Invalid namespace';

const DEFAULT_CONFIG: RealtimeConfig = { path: REALTIME.path, namespace: REALTIME.namespace, guestNamespace: REALTIME.guestNamespace };

/** docs/product.md §7 GET /api/v1/realtime/config, without credentials; any failure is ignored. */
export async function fetchRealtimeConfig(baseUrl = ''): Promise<RealtimeConfig | null> {
  try {
    const response = await fetch(`${baseUrl}${API_BASE_PATH}/realtime/config`, { credentials: 'omit' });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: unknown };
    const parsed = realtimeConfigSchema.safeParse(body.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One socket.io connection with the docs/product.md §4 life cycle: reconnect after 5 s when the server
 * closed it, otherwise with a doubling delay from 1 s, disabled after 10 failed attempts; a
 * heartbeat every 30 s, three missed pongs drop the socket and reopen it after 1 s.
 * socket.io's own reconnection is off so that this policy, not the library's, applies.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const handlers = new Map<RealtimeEventName, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<() => void>();
  const subscriptions = new Set<{ topic: RealtimeTopic; payload: unknown }>();
  let config: RealtimeConfig | null = null;
  let socket: Socket | null = null;
  let socketToken: string | null = null;
  let running = false;
  let state: RealtimeStatus = 'disconnected';
  let error: string | null = null;
  let attempts = 0;
  let missedPongs = 0;
  /** docs/product.md §4: when the namespaced connection fails before any succeeded, connect without a namespace. */
  let everConnected = false;
  let withoutNamespace = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  /** Bumped by every stop/reopen, so a connection still being prepared for an older one is dropped. */
  let generation = 0;

  const setStatus = (next: RealtimeStatus, message: string | null = error) => {
    if (next === state && message === error) return;
    state = next;
    error = message;
    for (const listener of statusListeners) listener();
  };

  const stopHeartbeat = () => {
    clearInterval(heartbeatTimer);
    heartbeatTimer = undefined;
  };

  const closeSocket = () => {
    stopHeartbeat();
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const current = socket;
    socket = null;
    socketToken = null;
    if (current) {
      current.removeAllListeners();
      current.offAny();
      current.disconnect();
    }
  };

  const dispatch = (event: string, payload: unknown) => {
    if (!isRealtimeEvent(event)) return;
    const listeners = handlers.get(event);
    if (!listeners?.size) return;
    const parsed = REALTIME_EVENT_SCHEMAS[event].safeParse(payload);
    if (!parsed.success) return;
    for (const listener of listeners) listener(parsed.data);
  };

  const scheduleReconnect = (delayMs: number) => {
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void open();
    }, delayMs);
  };

  /** A failed or lost connection: retry with the doubling delay until the attempts run out. */
  const retry = (reason: string) => {
    const message = reason || UNKNOWN_REALTIME_ERROR;
    closeSocket();
    if (!running) return;
    if (attempts >= timing.maxReconnectAttempts) {
      running = false;
      setStatus('error', message);
      return;
    }
    const delay = timing.baseDelayMs * 2 ** attempts;
    attempts += 1;
    setStatus('error', message);
    scheduleReconnect(delay);
  };

  const startHeartbeat = (current: Socket) => {
    stopHeartbeat();
    missedPongs = 0;
    heartbeatTimer = setInterval(() => {
      if (missedPongs >= timing.missedHeartbeatsAllowed) {
        closeSocket();
        setStatus('connecting');
        scheduleReconnect(timing.heartbeatReconnectDelayMs);
        return;
      }
      missedPongs += 1;
      current.emit(CLIENT_EVENTS.ping, { timestamp: Date.now() });
    }, timing.heartbeatIntervalMs);
  };

  async function open(): Promise<void> {
    const opening = ++generation;
    setStatus('connecting');
    const connect = await options.loadConnect().catch(() => null);
    config ??= (await options.fetchConfig?.()) ?? DEFAULT_CONFIG;
    if (opening !== generation || !running) return;
    if (!connect) {
      retry('socket.io client failed to load');
      return;
    }
    const token = options.getToken();
    const namespace = withoutNamespace ? '/' : token ? config.namespace : config.guestNamespace;
    const current = connect(`${options.baseUrl ?? ''}${namespace}`, {
      path: config.path,
      transports: ['websocket', 'polling'],
      // Read on each handshake, so a reconnection carries the token stored at that moment.
      auth: (deliver) => deliver(options.getToken() ? { token: options.getToken() } : {}),
      withCredentials: true,
      timeout: timing.connectTimeoutMs,
      reconnection: false,
      forceNew: true,
    });
    socket = current;
    socketToken = token;
    current.onAny(dispatch);
    current.on('connect', () => {
      attempts = 0;
      everConnected = true;
      setStatus('connected', null);
      startHeartbeat(current);
      for (const subscription of subscriptions) current.emit(subscribeEvent(subscription.topic), subscription.payload);
    });
    current.on(SERVER_EVENTS.pong, () => {
      missedPongs = 0;
    });
    current.on('connect_error', (reason: Error) => {
      if (!everConnected && reason.message === INVALID_NAMESPACE) withoutNamespace = true;
      retry(reason.message);
    });
    current.on('disconnect', (reason: string) => {
      if (reason === 'io client disconnect') return;
      if (reason === 'io server disconnect') {
        closeSocket();
        setStatus('connecting');
        scheduleReconnect(timing.serverCloseDelayMs);
        return;
      }
      retry(reason);
    });
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempts = 0;
      void open();
    },
    stop() {
      running = false;
      everConnected = false;
      withoutNamespace = false;
      generation += 1;
      closeSocket();
      setStatus('disconnected', null);
    },
    tokenChanged() {
      if (!running || socketToken === options.getToken()) return;
      closeSocket();
      attempts = 0;
      void open();
    },
    on(event, handler) {
      const listeners = handlers.get(event) ?? new Set();
      handlers.set(event, listeners);
      const listener = handler as (payload: unknown) => void;
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    subscribe(topic, payload) {
      const subscription = { topic, payload };
      subscriptions.add(subscription);
      // Not yet connected: the connect handler sends it (socket.io would buffer an emit and send it twice).
      if (socket?.connected) socket.emit(subscribeEvent(topic), payload);
      return () => {
        if (!subscriptions.delete(subscription) || !socket?.connected) return;
        const remaining = [...subscriptions].filter((held) => held.topic === topic).at(-1);
        if (remaining) socket.emit(subscribeEvent(topic), remaining.payload);
        else socket.emit(unsubscribeEvent(topic));
      };
    },
    status: () => state,
    lastError: () => error,
    onStatusChange(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
}
