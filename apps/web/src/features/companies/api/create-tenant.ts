import { tenantCreatedSchema, type CreateTenantRequest } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /tenants: a new tenant with its first company and administrator (a platform SUPER_ADMIN). */
export function createTenant(request: CreateTenantRequest) {
  return api.post('/tenants', request, tenantCreatedSchema);
}

export function useCreateTenant() {
  return useMutation({ mutationFn: createTenant });
}
