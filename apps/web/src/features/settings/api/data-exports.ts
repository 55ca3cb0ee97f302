import { dataExportListSchema, type DataExportList } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const dataExportsKey = ['data-exports', 'list'] as const;

/** GET /data-exports: the user's exports whose files were not deleted, newest first. */
export function fetchDataExports(): Promise<DataExportList> {
  return api.get('/data-exports', dataExportListSchema);
}

/** `refetchInterval` while an export is queued or running: the socket pushes progress, the poll covers it when down. */
export const dataExportsQuery = (refetchInterval: number | false) =>
  queryOptions({
    queryKey: dataExportsKey,
    queryFn: fetchDataExports,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'queued' || item.status === 'running') ? refetchInterval : false),
  });

export function useDataExports(refetchInterval: number | false) {
  return useQuery(dataExportsQuery(refetchInterval));
}
