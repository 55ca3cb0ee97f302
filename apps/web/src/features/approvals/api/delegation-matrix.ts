import { delegationMatrixSchema, type DelegationMatrixEntry } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { approvalKeys } from './approvals';

export function fetchDelegationMatrix(): Promise<DelegationMatrixEntry[]> {
  return api.get('/approvals/matrix', delegationMatrixSchema);
}

export const delegationMatrixQuery = () => queryOptions({ queryKey: approvalKeys.matrix(), queryFn: fetchDelegationMatrix });

export function useDelegationMatrix() {
  return useQuery(delegationMatrixQuery());
}
