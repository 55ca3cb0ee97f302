/** The realtime module's face: the socket gateway plugin (app.live), the plugin that ends revoked sessions' sockets, and the gateway's type. */
export { realtimePlugin, sessionEndingsPlugin } from './realtime.plugin';
export type { RealtimeGateway } from './realtime.gateway';
