/** The realtime-config module's face: the public GET /realtime/config. */
export { realtimeConfigRoutes } from './realtime-config.routes';
