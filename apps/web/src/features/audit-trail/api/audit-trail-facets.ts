import { auditTrailFacetsSchema, type AuditTrailFacets } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { auditTrailKeys } from './audit-trail';

/** The people, actions and entity types the filter menus offer. */
export function fetchAuditTrailFacets(): Promise<AuditTrailFacets> {
  return api.get('/audit/trail/facets', auditTrailFacetsSchema);
}

export const auditTrailFacetsQuery = () => queryOptions({ queryKey: [...auditTrailKeys.all, 'facets'], queryFn: fetchAuditTrailFacets });

export function useAuditTrailFacets(enabled: boolean) {
  return useQuery({ ...auditTrailFacetsQuery(), enabled });
}
