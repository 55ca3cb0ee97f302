import { webhookMessageSchema, type WebhookMessage } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { webhookKeys } from './webhooks';

export function redeliverMessage({ webhookId, messageId }: { webhookId: string; messageId: string }): Promise<WebhookMessage> {
  return api.post(`/webhooks/${webhookId}/messages/${messageId}/redeliver`, undefined, webhookMessageSchema);
}

export function useRedeliverMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverMessage,
    onSuccess: (_message, { webhookId }) => queryClient.invalidateQueries({ queryKey: webhookKeys.messages(webhookId) }),
  });
}
