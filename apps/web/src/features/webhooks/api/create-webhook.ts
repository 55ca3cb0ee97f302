import { webhookWithSecretSchema, type CreateWebhookRequest, type WebhookWithSecret } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { webhookKeys } from './webhooks';

export function createWebhook(request: CreateWebhookRequest): Promise<WebhookWithSecret> {
  return api.post('/webhooks', request, webhookWithSecretSchema);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}
