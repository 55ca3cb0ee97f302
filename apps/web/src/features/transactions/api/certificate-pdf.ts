import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '../../../lib/api-file';

/** GET /certificates/{id}/pdf, saved by the browser as certificate-<id>.pdf. */
export async function downloadCertificatePdf(certificateId: string): Promise<void> {
  saveFile(await fetchApiFile(`/certificates/${encodeURIComponent(certificateId)}/pdf`), `certificate-${certificateId}.pdf`);
}

export function useDownloadCertificatePdf() {
  return useMutation({ mutationFn: downloadCertificatePdf, retry: false });
}
