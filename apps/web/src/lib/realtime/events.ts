import {
  SERVER_EVENTS,
  activityUpdatePayload,
  approvalUpdatePayload,
  approvalsCountPayload,
  companyUpdatePayload,
  dataExportUpdatePayload,
  connectionConfirmedPayload,
  kycUpdatePayload,
  marketUpdatePayload,
  mintingJobUpdatePayload,
  notificationNewPayload,
  permissionsChangedPayload,
  notificationsCountPayload,
  offsetRequestUpdatePayload,
  reconciliationProgressPayload,
  reconciliationUpdatePayload,
  invoiceUpdatePayload,
  purchaseOrderUpdatePayload,
  registrySyncUpdatePayload,
  pongPayload,
  retirementUpdatePayload,
  securityAlertPayload,
  securityAlertsCountPayload,
  systemStatsPayload,
  transactionsInitialPayload,
  transactionUpdatePayload,
  type RealtimeTopic,
  type SubscribeTransactionsPayload,
} from '@carbonledger/contracts';
import { z } from 'zod';

/**
 * The server events a screen can subscribe to, each with the contract schema its payload is
 * checked against: a payload that does not match is dropped instead of reaching a screen.
 */
export const REALTIME_EVENT_SCHEMAS = {
  [SERVER_EVENTS.notificationNew]: notificationNewPayload,
  [SERVER_EVENTS.notificationsCount]: notificationsCountPayload,
  [SERVER_EVENTS.approvalsCount]: approvalsCountPayload,
  [SERVER_EVENTS.approvalUpdate]: approvalUpdatePayload,
  [SERVER_EVENTS.securityAlert]: securityAlertPayload,
  [SERVER_EVENTS.securityAlertsCountUpdate]: securityAlertsCountPayload,
  [SERVER_EVENTS.systemStats]: systemStatsPayload,
  [SERVER_EVENTS.systemStatsUpdate]: systemStatsPayload,
  [SERVER_EVENTS.connectionConfirmed]: connectionConfirmedPayload,
  [SERVER_EVENTS.mintingJobUpdate]: mintingJobUpdatePayload,
  [SERVER_EVENTS.retirementUpdate]: retirementUpdatePayload,
  [SERVER_EVENTS.kycUpdate]: kycUpdatePayload,
  [SERVER_EVENTS.marketUpdate]: marketUpdatePayload,
  [SERVER_EVENTS.companyUpdate]: companyUpdatePayload,
  [SERVER_EVENTS.activityUpdate]: activityUpdatePayload,
  [SERVER_EVENTS.offsetRequestUpdate]: offsetRequestUpdatePayload,
  [SERVER_EVENTS.reconciliationProgress]: reconciliationProgressPayload,
  [SERVER_EVENTS.reconciliationUpdate]: reconciliationUpdatePayload,
  [SERVER_EVENTS.invoiceUpdate]: invoiceUpdatePayload,
  [SERVER_EVENTS.purchaseOrderUpdate]: purchaseOrderUpdatePayload,
  [SERVER_EVENTS.registrySyncUpdate]: registrySyncUpdatePayload,
  [SERVER_EVENTS.dataExportUpdate]: dataExportUpdatePayload,
  [SERVER_EVENTS.permissionsChanged]: permissionsChangedPayload,
  [SERVER_EVENTS.transactionsInitial]: transactionsInitialPayload,
  [SERVER_EVENTS.transactionUpdate]: transactionUpdatePayload,
  [SERVER_EVENTS.pong]: pongPayload,
  [SERVER_EVENTS.error]: z.object({ message: z.string() }),
} as const;

export type RealtimeEventName = keyof typeof REALTIME_EVENT_SCHEMAS;
export type RealtimeEventMap = { [E in RealtimeEventName]: z.infer<(typeof REALTIME_EVENT_SCHEMAS)[E]> };
export type RealtimeHandler<E extends RealtimeEventName> = (payload: RealtimeEventMap[E]) => void;

/** What subscribe_{topic} carries: only the transactions feed takes filters. */
export interface RealtimeSubscriptionPayloads extends Record<RealtimeTopic, unknown> {
  transactions: SubscribeTransactionsPayload;
  notifications: undefined;
  approvals: undefined;
  system_stats: undefined;
}

export function isRealtimeEvent(event: string): event is RealtimeEventName {
  return Object.hasOwn(REALTIME_EVENT_SCHEMAS, event);
}
