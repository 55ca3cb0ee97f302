import { API_BASE_PATH, API_TIMEOUT_MS } from '@carbonledger/contracts';
import { ApiError, clientErrorTexts, sessionHeaders } from './api-client';
import { handleUnauthorized } from './api';
import { authStorage } from './storage';

/**
 * A file the API answers for the signed-in user (a certificate PDF, a QR image): the JSON
 * client reads text, so files are fetched as bytes with the same headers, timeout and refusals.
 */
export async function fetchApiFile(path: string): Promise<Blob> {
  const headers = sessionHeaders(authStorage.get('accessToken'), authStorage.get('tenantId'));
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, { headers, credentials: 'omit', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiError(clientErrorTexts.timeout, 0, 'TIMEOUT');
    throw new ApiError(clientErrorTexts.network, 0, 'NETWORK_ERROR');
  }
  if (response.status === 401) handleUnauthorized();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown; error?: { code?: string } } | null;
    throw new ApiError(typeof body?.message === 'string' ? body.message : clientErrorTexts.unknown, response.status, body?.error?.code);
  }
  return response.blob();
}

/** Hands a fetched file to the browser's download under the given name. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
