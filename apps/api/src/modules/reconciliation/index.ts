export { reconciliationRoutes } from './reconciliation.routes';
export { reconcileNow } from './reconciliation.jobs';
