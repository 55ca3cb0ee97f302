import { auditVerificationSchema, type AuditVerification } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** docs/audit.md "The verifier": the chain walked from its first entry and the anchors read back from the chain. */
export function fetchAuditVerification(): Promise<AuditVerification> {
  return api.get('/audit/verify', auditVerificationSchema);
}

// Apart from the trail's keys: a new entry does not call for a new walk of the whole chain; the reader asks for one.
export const auditVerificationKeys = { all: ['audit-verification'] as const };

export const auditVerificationQuery = () =>
  queryOptions({ queryKey: auditVerificationKeys.all, queryFn: fetchAuditVerification, staleTime: Infinity, retry: false });

export function useAuditVerification(enabled: boolean) {
  return useQuery({ ...auditVerificationQuery(), enabled });
}
