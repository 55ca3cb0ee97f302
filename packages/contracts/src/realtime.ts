import { z } from 'zod';
import { approvalOperationTypeSchema } from './approvals';
import { approvalStatusSchema } from './minting';
import { notificationSchema } from './notifications';
import { jobQueueListSchema, metricsSnapshotSchema } from './operations';
import { securityAlertSchema } from './security';
import { transactionListQuery, transactionListSchema, transactionViewSchema } from './transactions';
import { companyWalletStatusSchema } from './wallets';

/** socket.io event names of docs/product.md §7. */
export const CLIENT_EVENTS = {
  subscribeTransactions: 'subscribe_transactions',
  subscribeNotifications: 'subscribe_notifications',
  subscribeApprovals: 'subscribe_approvals',
  subscribeSystemStats: 'subscribe_system_stats',
  ping: 'ping',
} as const;

export const SERVER_EVENTS = {
  transactionUpdate: 'transaction_update',
  transactionsInitial: 'transactions_initial',
  notificationNew: 'notification_new',
  notificationsCount: 'notifications_count',
  approvalUpdate: 'approval_update',
  approvalsCount: 'approvals_count',
  systemStats: 'system_stats',
  systemStatsUpdate: 'system_stats_update',
  securityAlert: 'security_alert',
  securityEvent: 'security_event',
  securityAlertsCountUpdate: 'security_alerts_count_update',
  connectionConfirmed: 'connection_confirmed',
  error: 'error',
  ping: 'ping',
  pong: 'pong',
  mintingJobUpdate: 'minting_job_update',
  retirementUpdate: 'retirement_update',
  /** Somebody did something the activity log records (activityUpdatePayload, activity.ts). */
  activityUpdate: 'activity_update',
  /** The user's permission set changed (custom role edited, given or taken): their web app reads its session again. */
  permissionsChanged: 'permissions_changed',
  /** A company's record changed (companyUpdatePayload, companies.ts). */
  companyUpdate: 'company_update',
  /** A company's KYC case changed (kycUpdatePayload, kyc.ts). */
  kycUpdate: 'kyc_update',
  /** An offset request changed (offsetRequestUpdatePayload, offsets.ts). */
  offsetRequestUpdate: 'offset_request_update',
  /** An invoice changed (invoiceUpdatePayload, invoices.ts). */
  invoiceUpdate: 'invoice_update',
  /** A credit purchase order changed (purchaseOrderUpdatePayload, purchases.ts). */
  purchaseOrderUpdate: 'purchase_order_update',
  /** A registry sync run moved (registrySyncUpdatePayload, registry.ts). */
  registrySyncUpdate: 'registry_sync_update',
  /** A data export moved (dataExportUpdatePayload, data-exports.ts). */
  dataExportUpdate: 'data_export_update',
  /** A new market price landed or the forecast was refitted (marketUpdatePayload, market.ts). */
  marketUpdate: 'market_update',
  /** A reconciliation run moved (reconciliationProgressPayload, reconciliation.ts). */
  reconciliationProgress: 'reconciliation_progress',
  /** Discrepancies were found, assigned or resolved (reconciliationUpdatePayload, reconciliation.ts). */
  reconciliationUpdate: 'reconciliation_update',
} as const;

/** What a client can subscribe to: subscribe_{topic} starts a feed, unsubscribe_{topic} ends it. */
export const REALTIME_TOPICS = ['transactions', 'notifications', 'approvals', 'system_stats'] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

export const subscribeEvent = (topic: RealtimeTopic) => `subscribe_${topic}` as const;
export const unsubscribeEvent = (topic: RealtimeTopic) => `unsubscribe_${topic}` as const;

export const notificationsCountPayload = z.object({ unreadCount: z.number().int().nonnegative() });
export const approvalsCountPayload = z.object({ pendingCount: z.number().int().nonnegative() });
/** approval_update about a company wallet: registered, decided on, made primary or removed; screens showing it read it again. */
export const walletApprovalUpdatePayload = z.object({ walletId: z.uuid(), companyId: z.uuid(), status: companyWalletStatusSchema, removed: z.boolean() });
/** approval_update about an approval workflow (approvals.ts): opened, moved to a level, delegated, escalated or decided. */
export const workflowApprovalUpdatePayload = z.object({
  workflowId: z.uuid(),
  companyId: z.uuid(),
  type: approvalOperationTypeSchema,
  status: approvalStatusSchema,
  level: z.number().int(),
});
export type WorkflowApprovalUpdatePayload = z.infer<typeof workflowApprovalUpdatePayload>;
export const approvalUpdatePayload = z.union([walletApprovalUpdatePayload, workflowApprovalUpdatePayload]);
export type ApprovalUpdatePayload = z.infer<typeof approvalUpdatePayload>;
export const securityAlertsCountPayload = z.object({ activeCount: z.number().int().nonnegative() });
export const connectionConfirmedPayload = z.object({ userId: z.string().nullable(), namespace: z.string(), serverTime: z.string() });
export const pongPayload = z.object({ timestamp: z.number(), serverTime: z.number() });
export const systemStatsPayload = z.object({
  connectedUsers: z.number().int().nonnegative(),
  uptimeSeconds: z.number(),
  timestamp: z.string(),
  /** Only to the platform company's administrators (operations.ts): the System Metrics figures and the job queues. */
  operations: z.object({ metrics: metricsSnapshotSchema, queues: jobQueueListSchema }).optional(),
});
export type SystemStatsPayload = z.infer<typeof systemStatsPayload>;

export const notificationNewPayload = notificationSchema;
export const securityAlertPayload = securityAlertSchema;

/** subscribe_transactions: the filters of GET /transactions (none: the first page of everything). */
export const subscribeTransactionsPayload = z.object({ filters: transactionListQuery.prefault({}) });
export type SubscribeTransactionsPayload = z.input<typeof subscribeTransactionsPayload>;
/** transactions_initial: what GET /transactions answers for the subscription's filters. */
export const transactionsInitialPayload = transactionListSchema;
export type TransactionsInitialPayload = z.infer<typeof transactionsInitialPayload>;
/** transaction_update: one list entry as it is now, after a mint or burn was recorded. */
export const transactionUpdatePayload = transactionViewSchema;
export type TransactionUpdatePayload = z.infer<typeof transactionUpdatePayload>;
