import { mintingJobSchema, type MintingJob } from '@carbonledger/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api';

export const mintingJobKeys = { list: ['minting', 'jobs'] as const };

export const MINTING_JOBS_SHOWN = 20;

export function fetchMintingJobs(): Promise<MintingJob[]> {
  return api.get('/minting/batches', z.array(mintingJobSchema), { query: { limit: MINTING_JOBS_SHOWN } });
}

export const isJobActive = (job: MintingJob) => job.status === 'pending' || job.status === 'running' || job.status === 'retrying';

/** The minting-jobs table; polls while a job runs only when asked to (the socket is down). */
export function useMintingJobs(pollWhileActiveMs: number | false) {
  return useQuery({
    queryKey: mintingJobKeys.list,
    queryFn: fetchMintingJobs,
    staleTime: 10_000,
    refetchInterval: (query) => (query.state.data?.some(isJobActive) ? pollWhileActiveMs : false),
  });
}
