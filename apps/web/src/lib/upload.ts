import { API_BASE_PATH, FILE_FIELD, HEADERS } from '@carbonledger/contracts';
import { ApiError, clientErrorTexts, sessionHeaders } from './api-client';
import { api, handleUnauthorized } from './api';
import { authStorage } from './storage';

/**
 * A file upload can take longer than the 10 s of an API call (docs/product.md §9) on a slow link: 2 MB at
 * 1 Mbit/s is 16 s. It is aborted after this, or earlier by the caller.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface UploaderOptions {
  baseUrl?: string;
  getAccessToken: () => string | null;
  getTenantId: () => string | null;
  getCsrfToken: () => string | null;
  onUnauthorized: () => void;
  /** Tests pass a fake; the browser's XMLHttpRequest reports upload progress, fetch does not. */
  createRequest?: () => XMLHttpRequest;
}

export interface UploadOptions {
  /** Whole percent of the bytes sent, 0–100 (docs/product.md §7 "progress as a percentage"). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface Envelope {
  success?: unknown;
  data?: unknown;
  message?: unknown;
  requestId?: unknown;
  error?: { code?: string; fields?: Record<string, string[]> };
}

function parse(text: string): Envelope | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

/**
 * docs/product.md §7 file upload: a multipart POST with the file in the field `file`, reporting progress
 * as a percentage. Sends the same headers as the API client (trace and request ids, bearer,
 * tenant, CSRF token) and resolves to the envelope's data or throws the same ApiError.
 */
export function createUploader(options: UploaderOptions) {
  const baseUrl = options.baseUrl ?? API_BASE_PATH;
  const newRequest = options.createRequest ?? (() => new XMLHttpRequest());

  return function upload(path: string, file: Blob, fileName: string, { onProgress, signal }: UploadOptions = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const request = newRequest();
      request.open('POST', `${baseUrl}${path}`);
      request.timeout = UPLOAD_TIMEOUT_MS;
      request.setRequestHeader('accept', 'application/json');
      for (const [name, value] of Object.entries(sessionHeaders(options.getAccessToken(), options.getTenantId()))) request.setRequestHeader(name, value);
      const csrf = options.getCsrfToken();
      if (csrf) request.setRequestHeader(HEADERS.csrfToken, csrf);

      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      };
      request.onload = () => {
        const body = parse(request.responseText);
        if (request.status === 401) options.onUnauthorized();
        if (request.status >= 200 && request.status < 300 && body?.success === true) {
          onProgress?.(100);
          resolve(body.data);
          return;
        }
        const message = typeof body?.message === 'string' && body.message ? body.message : clientErrorTexts.requestFailed;
        reject(new ApiError(message, request.status, body?.error?.code, body?.error?.fields, typeof body?.requestId === 'string' ? body.requestId : undefined));
      };
      request.onerror = () => reject(new ApiError(clientErrorTexts.network, 0, 'NETWORK_ERROR'));
      request.ontimeout = () => reject(new ApiError(clientErrorTexts.timeout, 0, 'TIMEOUT'));
      request.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      signal?.addEventListener('abort', () => request.abort(), { once: true });

      const form = new FormData();
      form.append(FILE_FIELD, file, fileName);
      request.send(form);
    });
  };
}

export type Uploader = ReturnType<typeof createUploader>;

/** Multipart uploads with progress, with the API client's session, tenant and CSRF token. */
export const upload = createUploader({
  getAccessToken: () => authStorage.get('accessToken'),
  getTenantId: () => authStorage.get('tenantId'),
  getCsrfToken: () => api.csrfToken(),
  onUnauthorized: handleUnauthorized,
});
