/** The credit purchase module's face: its routes (with the paid handler and the expiry/delivery sweep), and the sweep tests drive. */
export { purchasesRoutes } from './purchases.routes';
export { sweepPurchaseOrders } from './purchases.lifecycle';
