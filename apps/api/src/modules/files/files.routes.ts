import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_CONTENT_TYPES, FILE_FIELD, FILE_MAX_BYTES, apiEnvelope, fileCidParams, fileTexts, storedFileSchema } from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/app-error';
import { requestBaseUrlOf } from '../../lib/explorer';
import { authOf } from '../../plugins/auth';
import { embeddedContentStore } from './content-store';
import * as files from './files.service';

/** Uploads per client IP and minute: enough for a person trying logos, not for filling the disk. */
const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
/** CIDs name their content, so an answer never changes: caches may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The one file of a multipart upload, read into memory (at most FILE_MAX_BYTES), with the store's refusals. */
async function readUpload(request: FastifyRequest): Promise<files.Upload> {
  const refuse = (code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE', text: string) =>
    new AppError(code, text, { fields: { [FILE_FIELD]: [text] } });
  if (!request.isMultipart()) throw refuse('UNSUPPORTED_MEDIA_TYPE', fileTexts.missingFile);
  const part = await request.file();
  if (!part || part.fieldname !== FILE_FIELD) throw refuse('VALIDATION_ERROR', fileTexts.missingFile);
  try {
    return { bytes: await part.toBuffer(), originalName: part.filename || null };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('PAYLOAD_TOO_LARGE', fileTexts.tooLarge);
    throw error;
  }
}

/** docs/architecture.md "Layers": the embedded content-addressed store (IPFS CIDv1) for logos. Registered under API_BASE_PATH. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here so only these routes parse multipart bodies.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 10 } });
  const store = embeddedContentStore(app.config.dataDir);

  app.post(
    '/files',
    {
      onRequest: app.authenticate,
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags: ['files'],
        summary: `Upload an image (multipart field "${FILE_FIELD}", PNG, JPEG, WebP or GIF, at most 2 MB); stored once by its IPFS CIDv1. 201 when new for the tenant, 200 when it already had it`,
        consumes: ['multipart/form-data'],
        response: { 200: apiEnvelope(storedFileSchema), 201: apiEnvelope(storedFileSchema) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const upload = await readUpload(request);
      const { file, created } = await files.storeUpload(store, app.db, { tenantId: auth.tenantId, userId: auth.userId }, upload);
      return reply
        .status(created ? 201 : 200)
        .send(ok(request, files.toStoredFile(file, { baseUrl: requestBaseUrlOf(app.config, request) }), fileTexts.uploaded));
    },
  );

  // Public on purpose: content on IPFS is public, and token metadata must resolve for wallets and explorers.
  app.get(
    '/files/:cid',
    { schema: { tags: ['files'], summary: 'The stored content of a CID (public, immutable)', produces: FILE_CONTENT_TYPES, params: fileCidParams } },
    async (request, reply) => {
      const { cid } = request.params;
      const { bytes, contentType } = await files.readContent(store, cid);
      const etag = `"${cid}"`;
      reply
        .header('etag', etag)
        .header('cache-control', IMMUTABLE)
        // Other origins (wallets, explorers) may show and fetch the image; it is never a document that runs anything.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) return reply.status(304).send();
      return reply.type(contentType).send(bytes);
    },
  );
};
