/** The transactions module's face: its routes, and the list and record reads the socket feed (modules/realtime) shares with them. */
export { transactionsRoutes } from './transactions.routes';
export { transactionsDepsOf } from './transactions.deps';
export { listTransactions, transactionsOfRecord, type TransactionRecord, type TransactionsDeps } from './transactions.service';
