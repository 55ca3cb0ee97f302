/** The portfolio module's face: the holdings endpoint, registered under the API prefix. */
export { portfolioRoutes } from './portfolio.routes';
