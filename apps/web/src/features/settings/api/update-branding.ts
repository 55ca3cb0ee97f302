import { tenantSettingsSchema, type UpdateTenantBrandingRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuthStore } from '../../../lib/auth-store';
import { tenantSettingsKey } from './tenant-settings';

export function updateBranding(request: UpdateTenantBrandingRequest) {
  return api.put('/tenant/branding', request, tenantSettingsSchema);
}

/** Saved, the app's theme follows at once (the signed-in tenant in the auth store). */
export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranding,
    onSuccess: (settings) => {
      queryClient.setQueryData(tenantSettingsKey, settings);
      useAuthStore.getState().tenantUpdated({ id: settings.id, name: settings.name, theme: settings.theme, branding: settings.branding });
    },
  });
}
