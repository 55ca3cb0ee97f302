import { auditTrailListSchema, type AuditTrailFilters, type AuditTrailList } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const auditTrailKeys = { all: ['audit-trail'] as const };

export interface AuditTrailPage {
  filters: AuditTrailFilters;
  /** One-based, as the API counts. */
  page: number;
  pageSize: number;
}

export function fetchAuditTrail({ filters, page, pageSize }: AuditTrailPage): Promise<AuditTrailList> {
  return api.get('/audit/trail', auditTrailListSchema, { query: { ...filters, page, pageSize } });
}

export const auditTrailQuery = (request: AuditTrailPage, refetchInterval: number) =>
  queryOptions({
    queryKey: [...auditTrailKeys.all, 'list', request],
    queryFn: () => fetchAuditTrail(request),
    placeholderData: keepPreviousData,
    refetchInterval,
  });

export function useAuditTrail(request: AuditTrailPage, refetchInterval: number, enabled: boolean) {
  return useQuery({ ...auditTrailQuery(request, refetchInterval), enabled });
}
