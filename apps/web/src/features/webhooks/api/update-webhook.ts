import { webhookSchema, type UpdateWebhookRequest, type Webhook } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { webhookKeys } from './webhooks';

export function updateWebhook({ id, changes }: { id: string; changes: UpdateWebhookRequest }): Promise<Webhook> {
  return api.patch(`/webhooks/${id}`, changes, webhookSchema);
}

/** Edits, and enabling or disabling, go through here. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}
