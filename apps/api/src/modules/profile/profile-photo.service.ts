import sharp from 'sharp';
import { PROFILE_PHOTO_SIZE, profilePhotoUrl, type ProfilePhoto } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { detectImageType, storeUpload, type ContentStore } from '../files';
import * as repository from './profile.repository';

export interface ProfileDeps {
  db: Database;
  store: ContentStore;
}

/**
 * Decoding refuses images larger than this many pixels (about 8000 × 5000): a small file can
 * declare enormous dimensions, and decoding it would take the server's memory.
 */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ResizedPhoto {
  bytes: Buffer;
  contentType: ProfilePhoto['contentType'];
  width: number;
  height: number;
}

/**
 * docs/product.md §5: only JPG and PNG, told from the bytes (the declared type is not trusted).
 * The photo is turned upright by its EXIF orientation, cropped to the centre square and scaled
 * to PROFILE_PHOTO_SIZE; the output carries no metadata (EXIF, GPS position), and a PNG stays a
 * PNG (transparency) while a JPG stays a JPG.
 */
export async function resizePhoto(bytes: Buffer): Promise<ResizedPhoto> {
  const type = detectImageType(bytes);
  if (type !== 'image/jpeg' && type !== 'image/png') throw new AppError('PROFILE__PHOTO_TYPE');
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: 'cover', position: 'centre' });
    const { data, info } = await (type === 'image/png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, contentType: type, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('PROFILE__PHOTO_UNREADABLE', undefined, { cause: error });
  }
}

/** Resizes and stores the photo in the file store, then makes it the actor's profile photo. */
export async function setProfilePhoto(deps: ProfileDeps, actor: Actor, upload: { bytes: Buffer; originalName: string | null }): Promise<ProfilePhoto> {
  const photo = await resizePhoto(upload.bytes);
  const { file } = await storeUpload(
    deps.store,
    deps.db,
    { tenantId: actor.tenantId, userId: actor.userId },
    { bytes: photo.bytes, originalName: upload.originalName },
  );
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const { previous } = await repository.setPhotoCid(tx, actor.userId, file.cid);
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'user.photo_updated',
      resourceType: 'user',
      resourceId: actor.userId,
      details: { cid: file.cid, previousCid: previous, width: photo.width, height: photo.height },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return {
    photoUrl: profilePhotoUrl(file.cid),
    cid: file.cid,
    contentType: photo.contentType,
    width: photo.width,
    height: photo.height,
    size: photo.bytes.length,
  };
}

/** The user goes back to their initials. The image stays in the store: content there is addressed, never deleted. */
export async function removeProfilePhoto(deps: ProfileDeps, actor: Actor): Promise<void> {
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const { previous } = await repository.setPhotoCid(tx, actor.userId, null);
    if (!previous) return;
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'user.photo_removed',
      resourceType: 'user',
      resourceId: actor.userId,
      details: { previousCid: previous },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
}
