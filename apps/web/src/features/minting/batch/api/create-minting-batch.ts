import { HEADERS, mintingJobSchema, type CreateMintingBatchRequest, type MintingJob } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { shouldRetryMutation } from '../../../../lib/mutation-retry';
import { availableVcuKeys } from '../../../../lib/vcu-keys';
import { mintingJobKeys } from './minting-jobs';

export interface CreateMintingBatch {
  request: CreateMintingBatchRequest;
  /** One key per reviewed selection: sending it again (a lost answer) cannot start a second batch. */
  idempotencyKey: string;
}

/** POST /minting/batches: 202 with the new job. */
export function createMintingBatch({ request, idempotencyKey }: CreateMintingBatch): Promise<MintingJob> {
  return api.post('/minting/batches', request, mintingJobSchema, { headers: { [HEADERS.idempotencyKey]: idempotencyKey } });
}

export function useCreateMintingBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMintingBatch,
    retry: shouldRetryMutation,
    onSuccess: (job) => {
      queryClient.setQueryData<MintingJob[]>(mintingJobKeys.list, (jobs = []) => [job, ...jobs.filter((existing) => existing.id !== job.id)]);
      void queryClient.invalidateQueries({ queryKey: availableVcuKeys.all });
    },
  });
}
