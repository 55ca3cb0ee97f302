import { HEADERS, executeMintResultSchema, type ExecuteMintResult } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { projectVcuKeys } from '../../../../lib/vcu-keys';

export interface ExecuteMintInput {
  previewId: string;
  idempotencyKey: string;
}

/** POST /minting/execute with the preview's Idempotency-Key: the finished operation, or (202) the approval it waits for. */
export function executeMint({ previewId, idempotencyKey }: ExecuteMintInput): Promise<ExecuteMintResult> {
  return api.post('/minting/execute', { previewId }, executeMintResultSchema, { headers: { [HEADERS.idempotencyKey]: idempotencyKey } });
}

export function useExecuteMint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: executeMint,
    // The Retry button sends the same key again; a silent second attempt would hide the failure state the user must see.
    retry: false,
    // The credits left changed: the company's VCU lists and the projects' blocks and totals. The project's blocks are
    // fetched again before the success shows, though no screen shows them now, so "Mint more" opens on the new cap.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['vcus'] }),
        queryClient.invalidateQueries({ queryKey: projectVcuKeys.all, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
      ]),
  });
}
