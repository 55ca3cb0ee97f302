export { realtimeConfigRoutes } from './realtime-config.routes';
