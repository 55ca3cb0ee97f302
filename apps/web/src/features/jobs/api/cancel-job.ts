import { jobSchema, type Job } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { jobKeys } from './jobs';

export function cancelJob(id: string): Promise<Job> {
  return api.post(`/operations/jobs/${encodeURIComponent(id)}/cancel`, undefined, jobSchema);
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelJob, retry: false, onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }) });
}
