import { fetchApiFile } from '../../../lib/api-file';

/** A document of the company's case, decrypted by the server for its own users. */
export function fetchKycDocumentContent(id: string): Promise<Blob> {
  return fetchApiFile(`/kyc/documents/${encodeURIComponent(id)}/content`);
}
