/** The companies module's public face: its routes. */
export { companiesRoutes } from './companies.routes';
