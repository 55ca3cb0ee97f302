import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createUploader } from './upload';

/** Just enough XMLHttpRequest for the uploader: records what was sent, lets the test play the server. */
class FakeRequest {
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function uploader({ csrf = 'c'.repeat(32) }: { csrf?: string | null } = {}) {
  const requests: FakeRequest[] = [];
  let unauthorized = 0;
  const upload = createUploader({
    getAccessToken: () => 'token-1',
    getTenantId: () => 'tenant-1',
    getCsrfToken: () => csrf,
    onUnauthorized: () => unauthorized++,
    createRequest: () => {
      const request = new FakeRequest();
      requests.push(request);
      return request as unknown as XMLHttpRequest;
    },
  });
  return { upload, requests, unauthorized: () => unauthorized };
}

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

describe('uploader', () => {
  it('posts the file in the field "file" with the session headers and reports progress in whole percent', async () => {
    const { upload, requests } = uploader();
    const progress: number[] = [];
    const done = upload('/files', png, 'logo.png', { onProgress: (percent) => progress.push(percent) });
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/files');
    expect(request.headers).toMatchObject({ authorization: 'Bearer token-1', 'x-tenant-id': 'tenant-1', 'x-csrf-token': 'c'.repeat(32) });
    expect(request.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
    const sent = request.body!.get('file') as File;
    expect(sent.name).toBe('logo.png');
    expect(sent.size).toBe(4);

    request.upload.onprogress!({ lengthComputable: true, loaded: 1, total: 3 });
    request.upload.onprogress!({ lengthComputable: true, loaded: 2, total: 3 });
    request.answer(201, { success: true, data: { cid: 'bafkrei…' }, message: 'File stored.' });
    await expect(done).resolves.toEqual({ cid: 'bafkrei…' });
    expect(progress).toEqual([33, 66, 100]);
  });

  it("rejects with the server's text, code and field reasons", async () => {
    const { upload, requests } = uploader();
    const done = upload('/files', png, 'logo.svg');
    requests[0]!.answer(415, {
      success: false,
      data: null,
      message: 'Only PNG, JPEG, WebP or GIF images can be uploaded.',
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', fields: { file: ['Only PNG, JPEG, WebP or GIF images can be uploaded.'] } },
    });
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PNG, JPEG, WebP or GIF images can be uploaded.' });
  });

  it('hands a 401 to the lost-session handler', async () => {
    const { upload, requests, unauthorized } = uploader();
    const done = upload('/files', png, 'logo.png');
    requests[0]!.answer(401, { success: false, data: null, message: 'You are not authorized to perform this action.', error: { code: 'UNAUTHORIZED' } });
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(unauthorized()).toBe(1);
  });

  it('gives a network failure the client text and stops when the caller aborts', async () => {
    const { upload, requests } = uploader({ csrf: null });
    const failed = upload('/files', png, 'logo.png');
    expect(requests[0]!.headers['x-csrf-token']).toBeUndefined();
    requests[0]!.onerror!();
    await expect(failed).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: 'Network error - please check your connection' });

    const controller = new AbortController();
    const aborted = upload('/files', png, 'logo.png', { signal: controller.signal });
    controller.abort();
    expect(requests[1]!.aborted).toBe(true);
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
