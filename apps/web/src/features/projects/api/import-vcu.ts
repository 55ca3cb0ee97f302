import { vcuSchema, type ImportVcuRequest, type Vcu } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { availableVcuKeys } from '../../../lib/vcu-keys';
import { projectKeys } from './projects';

/** The imported VCU (status available) and the server's message for the toast. */
export interface ImportOutcome {
  vcu: Vcu;
  message: string;
}

export async function importVcu(body: ImportVcuRequest): Promise<ImportOutcome> {
  const result = await api.request<unknown>('POST', '/vcus/import', { body });
  return { vcu: vcuSchema.parse(result.data), message: result.message };
}

/**
 * Importing locks the range in the registry: the project's blocks, its credits and the
 * stats change, and the block joins the company's VCUs that minting picks from.
 * Not retried: a second try of a refused or landed import could only answer 409.
 */
export function useImportVcu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importVcu,
    retry: false,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: projectKeys.all }), queryClient.invalidateQueries({ queryKey: availableVcuKeys.all })]),
  });
}
