import type { Certificate } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '../../../lib/api-file';

/** Saves the certificate's PDF under the name the server gives it (certificate-<number>.pdf). */
export async function downloadCertificatePdf(certificate: Pick<Certificate, 'id' | 'number'>): Promise<void> {
  saveFile(await fetchApiFile(`/certificates/${encodeURIComponent(certificate.id)}/pdf`), `certificate-${certificate.number}.pdf`);
}

export function useDownloadCertificatePdf() {
  return useMutation({ mutationFn: downloadCertificatePdf, retry: false });
}
