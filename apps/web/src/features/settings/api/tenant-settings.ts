import { tenantSettingsSchema, type TenantSettings } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const tenantSettingsKey = ['tenant', 'settings'] as const;

/** GET /tenant: the tenant's theme and branding (what the web theme and the certificate PDF apply). */
export function fetchTenantSettings(): Promise<TenantSettings> {
  return api.get('/tenant', tenantSettingsSchema);
}

export function useTenantSettings(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: tenantSettingsKey, queryFn: fetchTenantSettings }), enabled });
}
