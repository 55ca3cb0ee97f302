import { jobListSchema, type Job, type JobView } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFallbackInterval } from '../../../lib/realtime';

export const jobKeys = {
  all: ['jobs-monitor'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (view: JobView, queue: string) => [...jobKeys.lists(), view, queue] as const,
  queues: () => [...jobKeys.all, 'queues'] as const,
};

export function fetchJobs(view: JobView, queue: string): Promise<Job[]> {
  return api.get('/operations/jobs', jobListSchema, { query: { view, limit: 100, ...(queue && { queue }) } });
}

export const jobsQuery = (view: JobView, queue: string) =>
  queryOptions({ queryKey: jobKeys.list(view, queue), queryFn: () => fetchJobs(view, queue), placeholderData: keepPreviousData });

/** The page reads the list again on every system_stats_update; a faster poll while the socket is down. */
export function useJobs(view: JobView, queue: string) {
  const refetchInterval = useFallbackInterval(false, 10_000);
  return useQuery({ ...jobsQuery(view, queue), refetchInterval });
}
