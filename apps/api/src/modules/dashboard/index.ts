/** The dashboard module's face: the signed-in user's summary route. */
export { dashboardRoutes } from './dashboard.routes';
