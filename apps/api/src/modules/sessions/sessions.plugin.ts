import fp from 'fastify-plugin';
import { createSessionCache, type SessionCache, type SessionChange } from './sessions.cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's copies of checked sessions (checkSession); `forget` also tells the other processes. */
    sessionCache: SessionCache;
  }
}

/** The server-side event carrying a SessionChange to the other processes. */
const SESSIONS_CHANGED = 'sessions:changed';

/**
 * The session cache, and the two places its copies are dropped: the sessions a request ended,
 * once its transaction has committed and before its answer leaves; and a change another
 * process announces. Registered before sessionEndingsPlugin: with REDIS_URL the announcement
 * goes out on the realtime server's Redis connection ahead of the ended sessions' socket
 * disconnect, so a process has dropped the session by the time its sockets close.
 */
export const sessionCachePlugin = fp(async (app) => {
  const cache = createSessionCache();
  // Without Redis there is no other process to tell, and socket.io's in-memory adapter warns on every server-side emit.
  const announce = app.config.redisUrl ? (change: SessionChange) => void app.realtime.serverSideEmit(SESSIONS_CHANGED, change) : () => undefined;
  app.realtime.on(SESSIONS_CHANGED, (change: SessionChange) => cache.forget(change));
  app.decorate('sessionCache', {
    ...cache,
    forget(change) {
      cache.forget(change);
      announce(change);
    },
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.endedSessions?.length) app.sessionCache.forget({ sessionIds: request.endedSessions });
    return payload;
  });
});
