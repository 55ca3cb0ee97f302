/** The request-logs module's face: the plugin that records every API request, and the route that lists them. */
export { requestLogPlugin } from './request-log.plugin';
export { requestLogsRoutes } from './request-logs.routes';
