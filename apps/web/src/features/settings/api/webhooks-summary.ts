import { webhookListSchema, type Webhook } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Delivery states change as the dispatcher works, with no socket event of their own: re-read while the tab is open. */
const REFRESH_MS = 30_000;

/** The list /webhooks reads, cached under its key (['webhooks', …]): a change made there refreshes this card. */
export function fetchWebhooksSummary(): Promise<Webhook[]> {
  return api.get('/webhooks', webhookListSchema).then((list) => list.items);
}

export const webhooksSummaryQuery = (enabled: boolean) =>
  queryOptions({ queryKey: ['webhooks', 'list', 'summary'], queryFn: fetchWebhooksSummary, enabled, refetchInterval: REFRESH_MS });

export function useWebhooksSummary(enabled: boolean) {
  return useQuery(webhooksSummaryQuery(enabled));
}
