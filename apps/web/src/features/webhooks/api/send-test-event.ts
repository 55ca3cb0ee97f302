import { webhookMessageSchema, type WebhookMessage } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { webhookKeys } from './webhooks';

export function sendTestEvent(id: string): Promise<WebhookMessage> {
  return api.post(`/webhooks/${id}/test`, undefined, webhookMessageSchema);
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendTestEvent, onSuccess: (_message, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.messages(id) }) });
}
