/**
 * The operations module's face (docs/product.md §2 Jobs Monitor, Cache Dashboard, System
 * Metrics): its routes and plugin for app.ts, and what the realtime gateway sends the
 * platform company's administrators with system_stats.
 */
export { operationsRoutes } from './operations.routes';
export { operationsPlugin } from './operations.plugin';
export { isPlatformOperator } from './operations.access';
export { operationsStats } from './metrics.service';
