import { dataExportSchema, type CreateDataExportRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dataExportsKey } from './data-exports';

/** POST /data-exports: queues the export; its progress then arrives live (data_export_update). */
export function requestDataExport(request: CreateDataExportRequest) {
  return api.post('/data-exports', request, dataExportSchema);
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestDataExport, onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportsKey }) });
}
