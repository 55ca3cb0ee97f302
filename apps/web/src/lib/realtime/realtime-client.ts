import {
  API_BASE_PATH,
  REALTIME,
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
  connectTimeoutMs: number;
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

/** How many received events the debug panel keeps (a ring buffer: the oldest drops out). */
export const REALTIME_DEBUG_EVENTS = 50;

/** One event the socket received, as it arrived (docs/product.md §2 websocket debug panel). */
export interface RealtimeDebugEvent {
  /** Increasing per client, a stable list key. */
  seq: number;
  name: string;
  receivedAt: string;
  payload: unknown;
}

/**
 * What the websocket debug panel shows: this browser's own connection only (the server put it
 * in its user's and company's rooms), so it never holds another tenant's data.
 */
export interface RealtimeDebugState {
  status: RealtimeStatus;
  error: string | null;
  /** The namespace the socket opened, null before the first connection. */
  namespace: string | null;
  socketId: string | null;
  /** The docs/product.md §7 topics held now, with the payload each was subscribed with. */
  topics: readonly { topic: RealtimeTopic; payload: unknown }[];
  /** Newest first, at most REALTIME_DEBUG_EVENTS. */
  events: readonly RealtimeDebugEvent[];
}

/** A closure, not a class: its functions may be passed around unbound (useSyncExternalStore takes two of them). */
export interface RealtimeClient {
  /** Connects unless already connected or connecting; a disabled client stays disabled until stop(). */
  start: () => void;
  /** Disconnects and stops reconnecting (logout, token cleared in another tab). */
  stop: () => void;
  /** Reconnects when the stored token is no longer the one the socket was opened with (after a refresh). */
  tokenChanged: () => void;
  on: <E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>) => () => void;
  /**
   * Holds a docs/product.md §7 topic: subscribe_{topic} goes out now when connected and again on every
   * (re)connection, since the server forgets a closed socket's rooms. The returned function
   * lets go: unsubscribe_{topic} once nobody else holds the topic, else the remaining holder's
   * subscription again.
   */
  subscribe: <T extends RealtimeTopic>(topic: T, payload: RealtimeSubscriptionPayloads[T]) => () => void;
  status: () => RealtimeStatus;
  lastError: () => string | null;
  onStatusChange: (listener: () => void) => () => void;
  /** An immutable snapshot, the same object until something changes (useSyncExternalStore). */
  debug: () => RealtimeDebugState;
  onDebugChange: (listener: () => void) => () => void;
}

const DEFAULT_TIMING: RealtimeTiming = {
  maxReconnectAttempts: REALTIME.maxReconnectAttempts,
  baseDelayMs: REALTIME.baseDelayMs,
  serverCloseDelayMs: REALTIME.serverCloseDelayMs,
  connectTimeoutMs: REALTIME.connectTimeoutMs,
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
 * closed it, otherwise with a doubling delay from 1 s, disabled after 10 failed attempts.
 * socket.io's own reconnection does the retrying (its backoff, without jitter so the delays
 * double exactly), and its heartbeat finds a dead connection: the server pings every
 * REALTIME.heartbeatIntervalMs (plugins/realtime.ts) and socket.io drops a connection that
 * stops pinging ('ping timeout'), then reconnects it. socket.io leaves two cases to the
 * application, handled here with the same delays: a connection the server refused (its
 * middleware or an unserved namespace), and a socket the server closed on purpose.
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
  /** Retries this client schedules itself (refusals); socket.io counts its own. */
  let attempts = 0;
  /** docs/product.md §4: when the namespaced connection fails before any succeeded, connect without a namespace. */
  let everConnected = false;
  let withoutNamespace = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every stop/reopen, so a connection still being prepared for an older one is dropped. */
  let generation = 0;
  const debugListeners = new Set<() => void>();
  let debugEvents: RealtimeDebugEvent[] = [];
  let debugSeq = 0;
  let debugNamespace: string | null = null;
  let debugSnapshot: RealtimeDebugState | null = null;
  const debugChanged = () => {
    debugSnapshot = null;
    for (const listener of debugListeners) listener();
  };

  const setStatus = (next: RealtimeStatus, message: string | null = error) => {
    if (next === state && message === error) return;
    state = next;
    error = message;
    for (const listener of statusListeners) listener();
    debugChanged();
  };

  const recordEvent = (name: string, payload: unknown) => {
    debugEvents = [{ seq: ++debugSeq, name, receivedAt: new Date().toISOString(), payload }, ...debugEvents].slice(0, REALTIME_DEBUG_EVENTS);
    debugChanged();
  };

  const closeSocket = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const current = socket;
    socket = null;
    socketToken = null;
    if (!current) return;
    current.io.off('reconnect_attempt').off('reconnect_failed');
    current.removeAllListeners();
    current.offAny();
    current.disconnect();
  };

  const dispatch = (event: string, payload: unknown) => {
    if (!isRealtimeEvent(event)) return;
    const listeners = handlers.get(event);
    if (!listeners?.size) return;
    const parsed = REALTIME_EVENT_SCHEMAS[event].safeParse(payload);
    if (!parsed.success) return;
    for (const listener of listeners) listener(parsed.data);
  };

  const later = (delayMs: number, again: () => void) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      setStatus('connecting');
      again();
    }, delayMs);
  };

  /** A failure socket.io does not retry: try again with the same doubling delay until the attempts run out. */
  const retry = (reason: string, again: () => void) => {
    const message = reason || UNKNOWN_REALTIME_ERROR;
    if (attempts >= timing.maxReconnectAttempts) {
      running = false;
      closeSocket();
      setStatus('error', message);
      return;
    }
    const delay = timing.baseDelayMs * 2 ** attempts;
    attempts += 1;
    setStatus('error', message);
    later(delay, again);
  };

  async function open(): Promise<void> {
    const opening = ++generation;
    setStatus('connecting');
    const connect = await options.loadConnect().catch(() => null);
    config ??= (await options.fetchConfig?.()) ?? DEFAULT_CONFIG;
    if (opening !== generation || !running) return;
    if (!connect) {
      retry('socket.io client failed to load', () => void open());
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
      reconnection: true,
      reconnectionAttempts: timing.maxReconnectAttempts,
      reconnectionDelay: timing.baseDelayMs,
      reconnectionDelayMax: timing.baseDelayMs * 2 ** Math.max(timing.maxReconnectAttempts - 1, 0),
      randomizationFactor: 0,
      forceNew: true,
    });
    socket = current;
    socketToken = token;
    debugNamespace = namespace;
    current.onAny(recordEvent);
    current.onAny(dispatch);
    current.on('connect', () => {
      attempts = 0;
      everConnected = true;
      setStatus('connected', null);
      for (const subscription of subscriptions) current.emit(subscribeEvent(subscription.topic), subscription.payload);
    });
    current.on('connect_error', (reason: Error) => {
      // Active: socket.io retries on its own (a network failure); otherwise the server refused the connection.
      if (current.active) {
        setStatus('error', reason.message || UNKNOWN_REALTIME_ERROR);
        return;
      }
      if (!everConnected && !withoutNamespace && reason.message === INVALID_NAMESPACE) {
        withoutNamespace = true;
        closeSocket();
        retry(reason.message, () => void open());
        return;
      }
      retry(reason.message, () => current.connect());
    });
    current.on('disconnect', (reason: string) => {
      if (reason === 'io client disconnect') return;
      if (reason === 'io server disconnect') {
        setStatus('connecting');
        later(timing.serverCloseDelayMs, () => current.connect());
        return;
      }
      // socket.io reconnects by itself; a missed heartbeat is a connection being renewed, not an error.
      if (reason === 'ping timeout') setStatus('connecting');
      else setStatus('error', reason || UNKNOWN_REALTIME_ERROR);
    });
    current.io.on('reconnect_attempt', () => setStatus('connecting'));
    current.io.on('reconnect_failed', () => {
      running = false;
      closeSocket();
      setStatus('error', error ?? UNKNOWN_REALTIME_ERROR);
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
      debugChanged();
      // Not yet connected: the connect handler sends it (socket.io would buffer an emit and send it twice).
      if (socket?.connected) socket.emit(subscribeEvent(topic), payload);
      return () => {
        if (!subscriptions.delete(subscription)) return;
        debugChanged();
        if (!socket?.connected) return;
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
    debug() {
      debugSnapshot ??= {
        status: state,
        error,
        namespace: debugNamespace,
        socketId: socket?.id ?? null,
        topics: [...subscriptions].map(({ topic, payload }) => ({ topic, payload })),
        events: debugEvents,
      };
      return debugSnapshot;
    },
    onDebugChange(listener) {
      debugListeners.add(listener);
      return () => {
        debugListeners.delete(listener);
      };
    },
  };
}
