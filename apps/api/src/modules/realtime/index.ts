export { realtimePlugin, sessionEndingsPlugin } from './realtime.plugin';
export type { RealtimeGateway } from './realtime.gateway';
