import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_FIELD,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_SIZE,
  apiEnvelope,
  linkedWalletParams,
  profilePhotoSchema,
  profileTexts,
  walletUnlinkResultSchema,
} from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { actorOf, authOf, originOf } from '../../plugins/auth';
import { embeddedContentStore } from '../files';
import { removeProfilePhoto, setProfilePhoto, type ProfileDeps } from './profile-photo.service';
import { unlinkWallet } from './profile-wallets.service';

/** Photo uploads per client IP and minute: a person trying a few pictures, not a disk filler. */
const PHOTO_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;

/** The one file of the multipart body, at most PROFILE_PHOTO_MAX_BYTES, with the profile's refusals. */
async function readPhoto(request: FastifyRequest): Promise<{ bytes: Buffer; originalName: string | null }> {
  const missing = () => new AppError('VALIDATION_ERROR', profileTexts.photoMissing, { fields: { [FILE_FIELD]: [profileTexts.photoMissing] } });
  if (!request.isMultipart()) throw new AppError('PROFILE__PHOTO_TYPE', undefined, { fields: { [FILE_FIELD]: [profileTexts.photoRule] } });
  const part = await request.file();
  if (!part || part.fieldname !== FILE_FIELD) throw missing();
  try {
    return { bytes: await part.toBuffer(), originalName: part.filename || null };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PROFILE__PHOTO_TOO_LARGE', undefined, { fields: { [FILE_FIELD]: [profileTexts.photoRule] } });
    throw error;
  }
}

/** The signed-in user's own profile photo and linked wallets (docs/product.md §2 /profile). Registered under API_BASE_PATH. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here so only these routes parse multipart bodies.
  await app.register(multipart, { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 5 } });
  const deps: ProfileDeps = { db: app.db, store: embeddedContentStore(app.config.dataDir) };

  app.post(
    '/profile/photo',
    {
      onRequest: app.authenticate,
      config: { rateLimit: PHOTO_RATE_LIMIT },
      schema: {
        tags: ['profile'],
        summary: `Upload the own profile photo (multipart field "${FILE_FIELD}", JPG or PNG, at most 2 MB); stored as a ${PROFILE_PHOTO_SIZE}×${PROFILE_PHOTO_SIZE} square`,
        consumes: ['multipart/form-data'],
        response: { 200: apiEnvelope(profilePhotoSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const photo = await setProfilePhoto(deps, actor, await readPhoto(request));
      return ok(request, photo, profileTexts.photoUpdated);
    },
  );

  app.delete(
    '/profile/photo',
    { onRequest: app.authenticate, schema: { tags: ['profile'], summary: 'Remove the own profile photo', response: { 200: apiEnvelope(z.null()) } } },
    async (request) => {
      await removeProfilePhoto(deps, actorOf(request));
      return ok(request, null, profileTexts.photoRemoved);
    },
  );

  app.delete(
    '/profile/wallets/:address',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Unlink a wallet from the own account; the other sessions a wallet sign-in opened end',
        params: linkedWalletParams,
        response: { 200: apiEnvelope(walletUnlinkResultSchema) },
      },
    },
    async (request) => ok(request, await unlinkWallet(app.db, originOf(request), authOf(request), request.params.address), profileTexts.walletUnlinked),
  );
};
