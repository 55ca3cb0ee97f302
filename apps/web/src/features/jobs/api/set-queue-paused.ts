import { jobQueueSchema, type JobQueue } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { jobKeys } from './jobs';

/** Pause (workers of every node stop taking the queue's jobs) or resume a queue. */
export function setQueuePaused({ name, paused }: { name: string; paused: boolean }): Promise<JobQueue> {
  return api.post(`/operations/queues/${encodeURIComponent(name)}/${paused ? 'pause' : 'resume'}`, undefined, jobQueueSchema);
}

export function useSetQueuePaused() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setQueuePaused, retry: false, onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }) });
}
