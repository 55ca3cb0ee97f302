/** The client-config module's face: the public GET /client-config. */
export { clientConfigRoutes } from './client-config.routes';
