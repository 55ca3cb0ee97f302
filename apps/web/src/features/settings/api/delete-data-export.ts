import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dataExportsKey } from './data-exports';

/** DELETE /data-exports/:id: the file goes at once. */
export function deleteDataExport(id: string) {
  return api.delete(`/data-exports/${id}`);
}

export function useDeleteDataExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDataExport, onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportsKey }) });
}
