import type { DataExport } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '../../../lib/api-file';

/** GET /data-exports/:id/download, handed to the browser's download under the export's file name. */
export async function downloadDataExport(dataExport: DataExport): Promise<void> {
  saveFile(await fetchApiFile(`/data-exports/${dataExport.id}/download`), dataExport.fileName);
}

export function useDownloadDataExport() {
  return useMutation({ mutationFn: downloadDataExport });
}
