import { SERVER_EVENTS, approvalsCountPayload } from '@carbonledger/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { useFallbackInterval, useRealtimeEvent, useRealtimeSubscription } from '../../../lib/realtime';
import { approvalKeys } from './approvals';

type ApprovalsCount = z.infer<typeof approvalsCountPayload>;

export function fetchApprovalsCount(): Promise<ApprovalsCount> {
  return api.get('/approvals/count', approvalsCountPayload);
}

export const approvalsCountQuery = () => queryOptions({ queryKey: approvalKeys.count(), queryFn: fetchApprovalsCount });

/**
 * The open approval requests of the user's scope (docs/product.md §7 approvals_count): read once,
 * then pushed by the socket after subscribe_approvals; a slower poll while the socket is down.
 */
export function usePendingApprovalsCount(): number | undefined {
  const queryClient = useQueryClient();
  useRealtimeSubscription('approvals', undefined);
  useRealtimeEvent(SERVER_EVENTS.approvalsCount, (payload) => queryClient.setQueryData(approvalKeys.count(), payload));
  const refetchInterval = useFallbackInterval(false, 30_000);
  return useQuery({ ...approvalsCountQuery(), refetchInterval }).data?.pendingCount;
}
