import { approvalDelegateListSchema } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { approvalKeys } from './approvals';

export type ApprovalDelegate = z.infer<typeof approvalDelegateListSchema>[number];

export function fetchApprovalDelegates(id: string): Promise<ApprovalDelegate[]> {
  return api.get(`/approvals/${encodeURIComponent(id)}/delegates`, approvalDelegateListSchema);
}

export const approvalDelegatesQuery = (id: string) => queryOptions({ queryKey: approvalKeys.delegates(id), queryFn: () => fetchApprovalDelegates(id) });

/** Who the current level can be handed to; read when the delegate dialog opens. */
export function useApprovalDelegates(id: string) {
  return useQuery(approvalDelegatesQuery(id));
}
