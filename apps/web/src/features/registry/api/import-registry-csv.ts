import { registryImportSchema, type RegistryImport } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/upload';
import { registryKeys } from './registry-overview';

export interface ImportRegistryCsvInput {
  file: File;
  /** A platform administrator's pick; everyone else imports for their own company. */
  companyId?: string;
  onProgress?: (percent: number) => void;
}

/** POST /registry/imports: the Verra export as multipart; the answer is the line-by-line report. */
export async function importRegistryCsv({ file, companyId, onProgress }: ImportRegistryCsvInput): Promise<RegistryImport> {
  const query = companyId ? `?${new URLSearchParams({ companyId }).toString()}` : '';
  return registryImportSchema.parse(await upload(`/registry/imports${query}`, file, file.name, { onProgress }));
}

export function useImportRegistryCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRegistryCsv,
    // Importing the same file again changes nothing, but an upload cut off mid-way is for the user to retry.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryKeys.all }),
  });
}
