import { jobSchema, type Job } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { jobKeys } from './jobs';

export function retryJob(id: string): Promise<Job> {
  return api.post(`/operations/jobs/${encodeURIComponent(id)}/retry`, undefined, jobSchema);
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryJob, retry: false, onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }) });
}
