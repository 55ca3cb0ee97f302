import type { Namespace, Socket } from 'socket.io';
import { CLIENT_EVENTS, REALTIME, SERVER_EVENTS, unsubscribeEvent } from '@carbonledger/contracts';
import type { RealtimeServer } from '../../plugins/realtime';
import type { Database } from '../../db/database';
import { countUnread } from '../notifications/notifications.repository';
import type { Delivery, NotificationPublisher } from '../notifications/notifications.service';

/** Who a socket belongs to, as proven by its access token. */
export interface SocketIdentity {
  userId: string;
  tenantId: string;
  companyId: string;
}

export interface RealtimeGatewayDeps {
  realtime: RealtimeServer;
  database: Database;
  /** Resolves a bearer token to a live session's identity, or null when it is not valid. */
  authenticate(token: string): Promise<SocketIdentity | null>;
  systemStatsIntervalMs?: number;
}

const SYSTEM_STATS_ROOM = 'system_stats';
const userRoom = (userId: string) => `user:${userId}`;
const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;

function tokenOf(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token.length > 0) return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

export interface RealtimeGateway extends NotificationPublisher {
  connectedUsers(): number;
  emitToTenant(tenantId: string, event: string, payload: unknown): void;
  emitToUser(userId: string, event: string, payload: unknown): void;
  close(): void;
}

/**
 * SPEC §7 realtime: an authenticated namespace for signed-in users (rooms per user and per
 * tenant) and a guest namespace that only carries public system stats.
 */
export function attachRealtimeGateway(deps: RealtimeGatewayDeps): RealtimeGateway {
  const members = deps.realtime.of(REALTIME.namespace);
  const guests = deps.realtime.of(REALTIME.guestNamespace);

  members.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('UNAUTHORIZED'));
    deps
      .authenticate(token)
      .then((identity) => {
        if (!identity) return next(new Error('SESSION_EXPIRED'));
        socket.data.identity = identity;
        next();
      })
      .catch(() => next(new Error('UNAUTHORIZED')));
  });

  const systemStats = () => ({
    connectedUsers: connectedUsers(),
    uptimeSeconds: Math.round(process.uptime()),
    timestamp: new Date().toISOString(),
  });

  const connectedUsers = () => {
    const users = new Set<string>();
    for (const socket of members.sockets.values()) users.add((socket.data.identity as SocketIdentity).userId);
    return users.size;
  };

  const handleCommon = (socket: Socket, namespace: Namespace) => {
    socket.on(CLIENT_EVENTS.ping, (payload: { timestamp?: unknown } | undefined) => {
      const timestamp = typeof payload?.timestamp === 'number' ? payload.timestamp : Date.now();
      socket.emit(SERVER_EVENTS.pong, { timestamp, serverTime: Date.now() });
    });
    socket.on(CLIENT_EVENTS.subscribeSystemStats, () => {
      void socket.join(SYSTEM_STATS_ROOM);
      socket.emit(SERVER_EVENTS.systemStats, systemStats());
    });
    socket.on(unsubscribeEvent('system_stats'), () => void socket.leave(SYSTEM_STATS_ROOM));
    socket.emit(SERVER_EVENTS.connectionConfirmed, {
      userId: (socket.data.identity as SocketIdentity | undefined)?.userId ?? null,
      namespace: namespace.name,
      serverTime: new Date().toISOString(),
    });
  };

  const sendUnreadCount = async (socket: Socket, identity: SocketIdentity) => {
    const unreadCount = await deps.database.withTenant(identity.tenantId, (tx) => countUnread(tx, identity.userId));
    socket.emit(SERVER_EVENTS.notificationsCount, { unreadCount });
  };

  members.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity;
    void socket.join([userRoom(identity.userId), tenantRoom(identity.tenantId)]);
    handleCommon(socket, members);
    socket.on(CLIENT_EVENTS.subscribeNotifications, () => {
      sendUnreadCount(socket, identity).catch(() => socket.emit(SERVER_EVENTS.error, { message: 'Failed to load notifications' }));
    });
    sendUnreadCount(socket, identity).catch(() => undefined);
  });
  guests.on('connection', (socket) => handleCommon(socket, guests));

  const statsTimer = setInterval(() => {
    const stats = systemStats();
    members.to(SYSTEM_STATS_ROOM).emit(SERVER_EVENTS.systemStatsUpdate, stats);
    guests.to(SYSTEM_STATS_ROOM).emit(SERVER_EVENTS.systemStatsUpdate, stats);
  }, deps.systemStatsIntervalMs ?? 5000);
  statsTimer.unref();

  return {
    connectedUsers,
    emitToTenant: (tenantId, event, payload) => void members.to(tenantRoom(tenantId)).emit(event, payload),
    emitToUser: (userId, event, payload) => void members.to(userRoom(userId)).emit(event, payload),
    publish(deliveries: Delivery[]) {
      for (const delivery of deliveries) {
        members.to(userRoom(delivery.userId)).emit(SERVER_EVENTS.notificationNew, delivery.notification);
        members.to(userRoom(delivery.userId)).emit(SERVER_EVENTS.notificationsCount, { unreadCount: delivery.unreadCount });
      }
    },
    close: () => clearInterval(statsTimer),
  };
}
