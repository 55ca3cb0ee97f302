export { transactionsRoutes } from './transactions.routes';
export { transactionsDepsOf } from './transactions.deps';
export { listTransactions, transactionsOfRecord, type TransactionRecord, type TransactionsDeps } from './transactions.service';
