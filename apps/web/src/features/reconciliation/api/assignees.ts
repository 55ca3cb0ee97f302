import { reconciliationAssigneeListSchema } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reconciliationKeys } from './discrepancies';

export function fetchAssignees() {
  return api.get('/reconciliation/assignees', reconciliationAssigneeListSchema);
}

export const assigneesQuery = () => queryOptions({ queryKey: [...reconciliationKeys.all, 'assignees'], queryFn: fetchAssignees, staleTime: 60_000 });

export function useAssignees(enabled: boolean) {
  return useQuery({ ...assigneesQuery(), enabled });
}
