import { webhookListSchema, type WebhookList } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const webhookKeys = { all: ['webhooks'] as const, messages: (id: string) => ['webhooks', 'messages', id] as const };

export function fetchWebhooks(): Promise<WebhookList> {
  return api.get('/webhooks', webhookListSchema);
}

export const webhooksQuery = (refetchInterval: number) => queryOptions({ queryKey: [...webhookKeys.all, 'list'], queryFn: fetchWebhooks, refetchInterval });

export function useWebhooks(refetchInterval: number) {
  return useQuery(webhooksQuery(refetchInterval));
}
