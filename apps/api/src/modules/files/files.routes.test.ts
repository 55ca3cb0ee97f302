import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { FILE_MAX_BYTES, fileTexts, storedFileSchema, type StoredFile } from '@carbonledger/contracts';
import { files } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { cidOf } from './cid';

/** The 1×1 PNG logo the e2e mint wizard uploads too. */
const LOGO = readFileSync(new URL('../../../../../e2e/fixtures/logo.png', import.meta.url));

/** The logo with `seed` after its IEND chunk, which PNG readers ignore: each test stores bytes no other test stored. */
const tinyPng = (seed: number): Buffer => Buffer.concat([LOGO, Buffer.from([seed])]);

/** A multipart body as a browser's FormData sends it. */
async function multipart(bytes: Buffer, { field = 'file', name = 'logo.png', type = 'image/png' } = {}) {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('file store API: upload by CID, public download', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let otherTenant: SignedIn;

  const upload = async (who: SignedIn | null, bytes: Buffer, options?: Parameters<typeof multipart>[1]) => {
    const body = await multipart(bytes, options);
    return harness.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...(who?.headers ?? {}), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const download = (cid: string, headers: Record<string, string> = {}) => harness.app.inject({ method: 'GET', url: `/api/v1/files/${cid}`, headers });

  beforeAll(async () => {
    harness = await createTestApp({ env: { PUBLIC_URL: 'https://carbon.example.com/' } });
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    const beta = await createRegistryTenant(harness.app.db, 'filesbeta');
    otherTenant = await signInAs(harness.app, beta.email);
  });
  afterAll(() => harness.close());

  it('stores an image under its CIDv1 and serves the same bytes publicly with immutable caching', async () => {
    const png = tinyPng(1);
    const response = await upload(companyAdmin, png, { name: 'C:\\logos\\verde.png' });
    expect(response.statusCode, response.body).toBe(201);
    const stored = storedFileSchema.parse(response.json().data);
    const cid = cidOf(png);
    expect(stored).toEqual({
      cid,
      size: png.length,
      contentType: 'image/png',
      url: `https://carbon.example.com/api/v1/files/${cid}`,
      ipfsUri: `ipfs://${cid}`,
      originalName: 'verde.png',
      createdAt: expect.any(String),
    });
    // The mint preview keeps logoUrl to 200 characters; the address fits with room for a long host.
    expect(stored.url.length).toBeLessThanOrEqual(120);

    const served = await download(cid);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      etag: `"${cid}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
    expect((await download(cid, { 'if-none-match': `"${cid}"` })).statusCode).toBe(304);

    const [row] = await harness.app.db.asSystem((tx) => tx.select().from(files).where(eq(files.cid, cid)));
    expect(row).toMatchObject({
      tenantId: companyAdmin.result.tenant.id,
      uploadedBy: companyAdmin.result.user.id,
      contentType: 'image/png',
      sizeBytes: png.length,
      originalName: 'verde.png',
    });
  });

  it('keeps the same bytes once: a repeated upload answers the same CID, another tenant gets its own record', async () => {
    const png = tinyPng(2);
    const first = await upload(companyAdmin, png);
    const again = await upload(companyAdmin, png, { name: 'renamed.png' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect((again.json().data as StoredFile).cid).toBe((first.json().data as StoredFile).cid);
    expect((again.json().data as StoredFile).originalName).toBe('logo.png');
    expect((await upload(otherTenant, png)).statusCode).toBe(201);

    const cid = cidOf(png);
    const stored = (await readdir(path.join(harness.config.dataDir, 'files'))).filter((name) => name.includes(cid));
    expect(stored).toEqual([cid]);
    const rows = await harness.app.db.asSystem((tx) => tx.select().from(files).where(eq(files.cid, cid)));
    expect(rows.map((row) => row.tenantId).sort()).toEqual([companyAdmin.result.tenant.id, otherTenant.result.tenant.id].sort());
  });

  it('recognises the type from the bytes: a PNG declared as JPEG is a PNG, text declared as PNG is refused', async () => {
    const mislabelled = await upload(companyAdmin, tinyPng(3), { type: 'image/jpeg', name: 'logo.jpg' });
    expect((mislabelled.json().data as StoredFile).contentType).toBe('image/png');

    const fake = await upload(companyAdmin, Buffer.from('<html><script>alert(1)</script></html>'), { type: 'image/png' });
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({
      success: false,
      message: fileTexts.unsupportedType,
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', fields: { file: [fileTexts.unsupportedType] } },
    });
  });

  it('refuses SVG, which can carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(companyAdmin, svg, { type: 'image/svg+xml', name: 'logo.svg' });
    expect(response.statusCode).toBe(415);
    expect((await download(cidOf(svg))).statusCode).toBe(404);
  });

  it('refuses a file over 2 MB with 413 and keeps nothing of it', async () => {
    const big = Buffer.concat([tinyPng(4), Buffer.alloc(FILE_MAX_BYTES)]);
    const response = await upload(companyAdmin, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: fileTexts.tooLarge, error: { code: 'PAYLOAD_TOO_LARGE', fields: { file: [fileTexts.tooLarge] } } });
    expect((await download(cidOf(big))).statusCode).toBe(404);
  });

  it('accepts a file of exactly 2 MB (more than the JSON body limit)', async () => {
    const png = tinyPng(5);
    const exact = Buffer.concat([png, Buffer.alloc(FILE_MAX_BYTES - png.length)]);
    const response = await upload(companyAdmin, exact);
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json().data as StoredFile).size).toBe(FILE_MAX_BYTES);
  });

  it('asks for the file field when the body has none or is not multipart', async () => {
    const wrongField = await upload(companyAdmin, tinyPng(6), { field: 'logo' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: fileTexts.missingFile, error: { fields: { file: [fileTexts.missingFile] } } });
    const json = await harness.app.inject({ method: 'POST', url: '/api/v1/files', headers: companyAdmin.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('needs a signed-in caller (and the CSRF token) to upload', async () => {
    expect((await upload(null, tinyPng(7))).statusCode).toBe(401);
    const withoutCsrf = await upload({ ...companyAdmin, headers: { authorization: companyAdmin.headers.authorization! } }, tinyPng(7));
    expect(withoutCsrf.statusCode).toBe(403);
  });

  it('answers 404 in the envelope for an unknown CID and 400 for something that is not a CID', async () => {
    const unknown = await download(cidOf(Buffer.from('never uploaded')));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: fileTexts.notFound, error: { code: 'NOT_FOUND' } });
    const malformed = await download('..%2F..%2Fsecrets');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
  });
});
