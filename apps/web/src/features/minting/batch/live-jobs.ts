import { SERVER_EVENTS, type MintingJob } from '@carbonledger/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { appRealtime, useRealtimeEvent, useRealtimeStatus, type RealtimeClient } from '../../../lib/realtime';
import { isJobActive, mintingJobKeys, useMintingJobs } from './api/minting-jobs';

/** While the socket is down, a running job's progress is polled at this pace instead. */
export const OFFLINE_POLL_MS = 2000;

/** An update may arrive after a newer one (or after the list was read); it never moves a job backwards. */
export function applyJobUpdate(jobs: readonly MintingJob[], update: MintingJob): MintingJob[] {
  return jobs.map((job) => {
    if (job.id !== update.id) return job;
    if (!isJobActive(job) && isJobActive(update)) return job;
    if (isJobActive(update) && update.progress < job.progress) return job;
    return update;
  });
}

/**
 * The minting-jobs table, kept current by minting_job_update. The event goes to the whole
 * tenant, so a job that is not in this company's list only triggers a reload of the list.
 */
export function useLiveMintingJobs(client: RealtimeClient = appRealtime()) {
  const queryClient = useQueryClient();
  const status = useRealtimeStatus(client);
  const connected = status === 'connected';
  useRealtimeEvent(
    SERVER_EVENTS.mintingJobUpdate,
    (update) => {
      const jobs = queryClient.getQueryData<MintingJob[]>(mintingJobKeys.list);
      if (jobs?.some((job) => job.id === update.id)) queryClient.setQueryData(mintingJobKeys.list, applyJobUpdate(jobs, update));
      else void queryClient.invalidateQueries({ queryKey: mintingJobKeys.list });
    },
    client,
  );
  return { jobs: useMintingJobs(connected ? false : OFFLINE_POLL_MS), status };
}
