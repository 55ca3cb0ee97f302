/** The health module's face: GET /health, which a worker answers too. */
export { healthRoutes } from './health.routes';
