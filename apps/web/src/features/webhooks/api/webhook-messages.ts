import { webhookMessageListSchema, type WebhookMessageList } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { webhookKeys } from './webhooks';

/** Deliveries run on the job queue, on whichever node works it: while one is pending the log is read again often. */
const WHILE_PENDING_MS = 2_000;
const SETTLED_MS = 15_000;

export function fetchWebhookMessages(id: string): Promise<WebhookMessageList> {
  return api.get(`/webhooks/${id}/messages`, webhookMessageListSchema, { query: { limit: 50 } });
}

export const webhookMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.messages(id),
    queryFn: () => fetchWebhookMessages(id),
    refetchInterval: (query) => (query.state.data?.items.some((message) => message.status === 'pending') ? WHILE_PENDING_MS : SETTLED_MS),
  });

export function useWebhookMessages(id: string) {
  return useQuery(webhookMessagesQuery(id));
}
