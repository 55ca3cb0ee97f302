import type { Namespace, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  CLIENT_EVENTS,
  REALTIME,
  SERVER_EVENTS,
  subscribeTransactionsPayload,
  transactionTexts,
  unsubscribeEvent,
  type TransactionsInitialPayload,
  type TransactionUpdatePayload,
  type SystemStatsPayload,
  type WorkflowApprovalUpdatePayload,
} from '@carbonledger/contracts';
import type { RealtimeServer } from '../../plugins/realtime';
import type { Database } from '../../db/database';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { pendingApprovalsCountOf } from '../approvals';
import { unreadCountOf, type Delivery, type NotificationPublisher } from '../notifications';
import { listTransactions, transactionsOfRecord, type TransactionRecord, type TransactionsDeps } from '../transactions';

/** Who a socket belongs to, as proven by its access token and live session. */
export type SocketIdentity = Pick<Actor, 'userId' | 'tenantId' | 'companyId' | 'role'> & { sessionId: string };

/** What the gateway keeps on a socket (socket.io types `socket.data` as any). */
interface SocketData {
  identity?: SocketIdentity;
}

/** The identity of a socket that passed the handshake's authentication. */
function identityOf(socket: { data: unknown }): SocketIdentity {
  const { identity } = socket.data as SocketData;
  if (!identity) throw new Error('realtime: a socket without an identity passed the handshake');
  return identity;
}

export interface RealtimeGatewayDeps {
  realtime: RealtimeServer;
  database: Database;
  /** Resolves a bearer token to a live session's identity, or null when it is not valid. */
  authenticate(token: string): Promise<SocketIdentity | null>;
  /** The transactions feed reads the list with the same service as GET /transactions. */
  transactions: TransactionsDeps;
  /** Where a transaction_update that could not be built is reported (the record itself is saved). */
  logFeedFailure(error: unknown): void;
  systemStatsIntervalMs?: number;
  /** After the sockets: hands each published notification to its e-mail, SMS and push channels (modules/notifications). */
  outsideChannels?(deliveries: Delivery[]): void;
  /** The System Metrics figures and job queues system_stats adds for the platform company's administrators (modules/operations). */
  operations?: {
    allowed(identity: SocketIdentity): Promise<boolean>;
    stats(): Promise<NonNullable<SystemStatsPayload['operations']>>;
  };
}

const SYSTEM_STATS_ROOM = 'system_stats';
/** The system_stats subscribers who also get the operations figures. */
const OPERATIONS_STATS_ROOM = 'system_stats:operations';
/** The sockets of a tenant that asked for approvals_count (subscribe_approvals). */
const approvalsRoom = (tenantId: string) => `approvals:${tenantId}`;
const userRoom = (userId: string) => `user:${userId}`;
/** Every socket of a session, so that ending the session ends them. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/**
 * Company-scoped events go to the company's members and to the tenant's administrators, who
 * act for every company. Each topic has that pair of rooms: `company` events every signed-in
 * socket joins, `transactions` only subscribers.
 */
type CompanyTopic = 'company' | 'transactions';

/** The rooms of a topic that hear about this company: an event goes to both. */
function companyAudienceRooms(topic: CompanyTopic, target: { tenantId: string; companyId: string }) {
  return { company: `${topic}:${target.tenantId}:company:${target.companyId}`, administrators: `${topic}:${target.tenantId}:administrators` };
}

/** The one room of a topic a socket joins: its company's, or its tenant's administrators'. */
function companyAudienceRoom(topic: CompanyTopic, identity: SocketIdentity): string {
  const rooms = companyAudienceRooms(topic, identity);
  return actsTenantWide(identity) ? rooms.administrators : rooms.company;
}

function invalidFiltersMessage(error: z.ZodError): string {
  const problems = error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`);
  return `${transactionTexts.invalidFilters} (${problems.join('; ')})`;
}

function tokenOf(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token.length > 0) return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

export interface RealtimeGateway extends NotificationPublisher {
  connectedUsers(): number;
  /** To the company's signed-in members and the tenant's administrators; never to another company's users. */
  emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void;
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** To every signed-in socket: news that is nobody's in particular (a market price, docs/product.md §2 AI widgets). */
  emitToMembers(event: string, payload: unknown): void;
  /** Disconnects every socket of these (revoked) sessions; a reconnect with their token is refused. */
  endSessions(sessionIds: readonly string[]): void;
  /**
   * A mint or burn was recorded (done, failed): its list entries go out as transaction_update
   * to the company's transactions subscribers and the tenant's administrators. Returns at once;
   * the entries are read and sent in the background.
   */
  transactionRecorded(tenantId: string, record: TransactionRecord): void;
  /**
   * A workflow opened or moved: approval_update to its company's members and the tenant's
   * administrators, and approvals_count again to the tenant's approvals subscribers.
   */
  approvalsChanged(target: { tenantId: string; companyId: string }, update: WorkflowApprovalUpdatePayload): void;
  close(): void;
}

/**
 * docs/product.md §7 realtime: an authenticated namespace for signed-in users (rooms per user and per
 * company audience) and a guest namespace that only carries public system stats.
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
        (socket.data as SocketData).identity = identity;
        next();
      })
      .catch(() => next(new Error('UNAUTHORIZED')));
  });

  const systemStats = (): SystemStatsPayload => ({
    connectedUsers: connectedUsers(),
    uptimeSeconds: Math.round(process.uptime()),
    timestamp: new Date().toISOString(),
  });

  const connectedUsers = () => {
    const users = new Set<string>();
    for (const socket of members.sockets.values()) users.add(identityOf(socket).userId);
    return users.size;
  };

  /** The stats a subscriber gets: with the operations figures when it is the platform company's administrator. */
  const systemStatsFor = async (socket: Socket): Promise<SystemStatsPayload> => {
    const { identity } = socket.data as SocketData;
    if (!identity || !deps.operations || !(await deps.operations.allowed(identity))) return systemStats();
    await socket.join(OPERATIONS_STATS_ROOM);
    return { ...systemStats(), operations: await deps.operations.stats() };
  };

  const handleCommon = (socket: Socket, namespace: Namespace) => {
    socket.on(CLIENT_EVENTS.ping, (payload: { timestamp?: unknown } | undefined) => {
      const timestamp = typeof payload?.timestamp === 'number' ? payload.timestamp : Date.now();
      socket.emit(SERVER_EVENTS.pong, { timestamp, serverTime: Date.now() });
    });
    socket.on(CLIENT_EVENTS.subscribeSystemStats, () => {
      void socket.join(SYSTEM_STATS_ROOM);
      systemStatsFor(socket)
        .then((stats) => socket.emit(SERVER_EVENTS.systemStats, stats))
        .catch((error: unknown) => {
          deps.logFeedFailure(error);
          socket.emit(SERVER_EVENTS.systemStats, systemStats());
        });
    });
    socket.on(unsubscribeEvent('system_stats'), () => {
      void socket.leave(SYSTEM_STATS_ROOM);
      void socket.leave(OPERATIONS_STATS_ROOM);
    });
    socket.emit(SERVER_EVENTS.connectionConfirmed, {
      userId: (socket.data as SocketData).identity?.userId ?? null,
      namespace: namespace.name,
      serverTime: new Date().toISOString(),
    });
  };

  const sendUnreadCount = async (socket: Socket, identity: SocketIdentity) => {
    const unreadCount = await unreadCountOf(deps.database, identity);
    socket.emit(SERVER_EVENTS.notificationsCount, { unreadCount });
  };

  /**
   * subscribe_transactions: the socket joins the room of what its user may see and gets the
   * first answer GET /transactions gives for the filters. Bad filters or a refused company are
   * answered with an error event and no (new) subscription.
   */
  const subscribeTransactions = async (socket: Socket, identity: SocketIdentity, payload: unknown) => {
    const parsed = subscribeTransactionsPayload.safeParse(payload ?? {});
    if (!parsed.success) {
      socket.emit(SERVER_EVENTS.error, { message: invalidFiltersMessage(parsed.error) });
      return;
    }
    const room = companyAudienceRoom('transactions', identity);
    const alreadySubscribed = socket.rooms.has(room);
    // Joined before the list is read, so nothing recorded meanwhile is missed.
    await socket.join(room);
    try {
      const initial: TransactionsInitialPayload = await listTransactions(deps.transactions, identity, parsed.data.filters);
      socket.emit(SERVER_EVENTS.transactionsInitial, initial);
    } catch (error) {
      // A refused new subscription ends nothing the socket already held.
      if (!alreadySubscribed) await socket.leave(room);
      socket.emit(SERVER_EVENTS.error, { message: error instanceof AppError ? error.message : transactionTexts.loadFailed });
    }
  };

  const sendApprovalsCount = async (socket: { emit(event: string, payload: unknown): unknown }, identity: SocketIdentity) => {
    const pendingCount = await pendingApprovalsCountOf(deps.database, identity);
    socket.emit(SERVER_EVENTS.approvalsCount, { pendingCount });
  };

  members.on('connection', (socket) => {
    const identity = identityOf(socket);
    void socket.join([sessionRoom(identity.sessionId), userRoom(identity.userId), companyAudienceRoom('company', identity)]);
    handleCommon(socket, members);
    socket.on(CLIENT_EVENTS.subscribeNotifications, () => {
      sendUnreadCount(socket, identity).catch(() => socket.emit(SERVER_EVENTS.error, { message: 'Failed to load notifications' }));
    });
    socket.on(CLIENT_EVENTS.subscribeTransactions, (payload: unknown) => void subscribeTransactions(socket, identity, payload));
    socket.on(unsubscribeEvent('transactions'), () => void socket.leave(companyAudienceRoom('transactions', identity)));
    socket.on(CLIENT_EVENTS.subscribeApprovals, () => {
      void socket.join(approvalsRoom(identity.tenantId));
      sendApprovalsCount(socket, identity).catch(() => socket.emit(SERVER_EVENTS.error, { message: 'Failed to load approvals' }));
    });
    socket.on(unsubscribeEvent('approvals'), () => void socket.leave(approvalsRoom(identity.tenantId)));
    sendUnreadCount(socket, identity).catch(() => undefined);
  });
  guests.on('connection', (socket) => handleCommon(socket, guests));

  const statsTimer = setInterval(() => {
    const stats = systemStats();
    // Every process ticks for its own sockets: through the Redis adapter a plain broadcast would reach each socket once per process.
    members.local.to(SYSTEM_STATS_ROOM).except(OPERATIONS_STATS_ROOM).emit(SERVER_EVENTS.systemStatsUpdate, stats);
    guests.local.to(SYSTEM_STATS_ROOM).emit(SERVER_EVENTS.systemStatsUpdate, stats);
    // The operations figures read the database: only while somebody watches them.
    if (deps.operations && (members.adapter.rooms.get(OPERATIONS_STATS_ROOM)?.size ?? 0) > 0) {
      deps.operations
        .stats()
        .then((operations) => members.local.to(OPERATIONS_STATS_ROOM).emit(SERVER_EVENTS.systemStatsUpdate, { ...stats, operations }))
        .catch((error: unknown) => deps.logFeedFailure(error));
    }
  }, deps.systemStatsIntervalMs ?? 5000);
  statsTimer.unref();

  return {
    connectedUsers,
    emitToCompany: (target, event, payload) => void members.to(Object.values(companyAudienceRooms('company', target))).emit(event, payload),
    emitToUser: (userId, event, payload) => void members.to(userRoom(userId)).emit(event, payload),
    emitToMembers: (event, payload) => void members.emit(event, payload),
    endSessions(sessionIds) {
      if (sessionIds.length > 0) members.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    transactionRecorded(tenantId, record) {
      transactionsOfRecord(deps.transactions, tenantId, record)
        .then((found) => {
          if (!found) return;
          const rooms = Object.values(companyAudienceRooms('transactions', { tenantId, companyId: found.companyId }));
          for (const transaction of found.transactions) members.to(rooms).emit(SERVER_EVENTS.transactionUpdate, transaction satisfies TransactionUpdatePayload);
        })
        .catch((error: unknown) => deps.logFeedFailure(error));
    },
    approvalsChanged(target, update) {
      members.to(Object.values(companyAudienceRooms('company', target))).emit(SERVER_EVENTS.approvalUpdate, update);
      // Each subscriber's count is their own scope's (company or tenant), so it is read per socket.
      members
        .in(approvalsRoom(target.tenantId))
        .fetchSockets()
        .then((sockets) => Promise.all(sockets.map((socket) => sendApprovalsCount(socket, identityOf(socket)))))
        .catch((error: unknown) => deps.logFeedFailure(error));
    },
    publish(deliveries: Delivery[]) {
      for (const delivery of deliveries) {
        members.to(userRoom(delivery.userId)).emit(SERVER_EVENTS.notificationNew, delivery.notification);
        members.to(userRoom(delivery.userId)).emit(SERVER_EVENTS.notificationsCount, { unreadCount: delivery.unreadCount });
      }
      deps.outsideChannels?.(deliveries);
    },
    close: () => clearInterval(statsTimer),
  };
}
