import { jobQueueListSchema, type JobQueue } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';
import { jobKeys } from './jobs';

export function fetchQueues(): Promise<JobQueue[]> {
  return api.get('/operations/queues', jobQueueListSchema);
}

export const queuesQuery = () => queryOptions({ queryKey: jobKeys.queues(), queryFn: fetchQueues });

/** system_stats_update carries the queues to the page (it writes them into this query); a poll while the socket is down. */
export function useQueues() {
  const refetchInterval = useFallbackInterval(false, 10_000);
  return useQuery({ ...queuesQuery(), refetchInterval });
}
