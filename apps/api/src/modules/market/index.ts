/** The market module's face: the market-intelligence endpoints (with their refresh job) and the price source interface. */
export { marketRoutes } from './market.routes';
export { embeddedMarketSource, httpMarketSource, type MarketDataSource } from './market.data';
