import { webhookWithSecretSchema, type WebhookWithSecret } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { webhookKeys } from './webhooks';

export function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return api.post(`/webhooks/${id}/secret`, undefined, webhookWithSecretSchema);
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}
