/** The health module's face: GET /health, /health/live and /health/ready, which a worker answers too. */
export { HEALTH_PATHS, healthRoutes } from './health.routes';
