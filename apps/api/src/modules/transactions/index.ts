/**
 * The transactions module's face: its routes, the list and record reads the socket feed
 * (modules/realtime) shares with them, and a company's whole history a chunk at a time (the data export).
 */
export { transactionsRoutes } from './transactions.routes';
export { transactionsDepsOf } from './transactions.deps';
export { listTransactions, transactionsOfRecord, type TransactionRecord, type TransactionsDeps } from './transactions.service';
export { companyTransactionPages } from './transactions.history';
