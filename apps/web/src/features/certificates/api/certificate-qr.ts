import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApiFile } from '../../../lib/api-file';
import { certificateKeys } from './certificates';

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL always yields a string.
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The QR code could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** The QR code PNG as a data URL for an <img> (the API needs the bearer token, an <img src> cannot send it). */
export async function fetchCertificateQr(id: string): Promise<string> {
  return dataUrlOf(await fetchApiFile(`/certificates/${encodeURIComponent(id)}/qr?format=png`));
}

export const certificateQrQuery = (id: string) =>
  queryOptions({ queryKey: [...certificateKeys.all, 'qr', id] as const, queryFn: () => fetchCertificateQr(id), staleTime: Infinity });

export function useCertificateQr(id: string | null) {
  return useQuery({ ...certificateQrQuery(id ?? ''), enabled: id !== null });
}
