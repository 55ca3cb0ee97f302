/** The frontend-logs module's face: the browser's crash-report route. */
export { frontendLogsRoutes } from './frontend-logs.routes';
