export { reconciliationRoutes } from './reconciliation.routes';
export { reconcileNow, RECONCILIATION_QUEUE } from './reconciliation.jobs';
export type { ReconciliationReport } from './reconciliation.service';
