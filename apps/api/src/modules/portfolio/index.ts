/** The portfolio module's face: the holdings endpoint, registered under the API prefix. */
export { portfolioRoutes } from './portfolio.routes';
/** The company's holdings read from the chain: the market module scores their risks and suggests what to retire first. */
export { companyPortfolio, type PortfolioDeps } from './portfolio.service';
