import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { securityAlertKeys } from './security-alerts';

export function resolveSecurityAlert(id: string): Promise<unknown> {
  return api.put(`/security/alerts/${encodeURIComponent(id)}/resolve`);
}

export function useResolveSecurityAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveSecurityAlert, onSettled: () => queryClient.invalidateQueries({ queryKey: securityAlertKeys.all }) });
}
