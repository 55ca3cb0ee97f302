import { API_BASE_PATH, fileTexts, type FileContentType, type StoredFile } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { cidOf } from './cid';
import type { ContentStore } from './content-store';
import * as repository from './files.repository';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The image type these bytes really are, from their signature; null for anything else (SVG and other text included). */
export function detectImageType(bytes: Uint8Array): FileContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export interface Upload {
  bytes: Buffer;
  originalName: string | null;
}

export interface Uploader {
  tenantId: string;
  userId: string;
}

/** The name the browser gave, without any folder part or control characters, at most 200 characters. */
function displayName(name: string | null): string | null {
  const cleaned = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? null : cleaned;
}

export interface PublicAddress {
  /** Absolute base of the API as callers reach it, e.g. https://carbon.example.com */
  baseUrl: string;
}

export function toStoredFile(file: repository.FileRow, address: PublicAddress): StoredFile {
  return {
    cid: file.cid,
    size: file.sizeBytes,
    contentType: file.contentType,
    url: `${address.baseUrl}${API_BASE_PATH}/files/${file.cid}`,
    ipfsUri: `ipfs://${file.cid}`,
    originalName: file.originalName,
    createdAt: file.createdAt.toISOString(),
  };
}

/**
 * Keeps an uploaded image: refused unless its bytes are one of the accepted image types,
 * stored once under its CID (bytes first and outside the transaction, so a record never names
 * missing content and the connection is not held while writing), then recorded for the
 * uploader's tenant. `created` is false when the tenant already had it.
 */
export async function storeUpload(
  store: ContentStore,
  db: Database,
  uploader: Uploader,
  upload: Upload,
): Promise<{ file: repository.FileRow; created: boolean }> {
  const contentType = detectImageType(upload.bytes);
  if (!contentType) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', fileTexts.unsupportedType, { fields: { file: [fileTexts.unsupportedType] } });
  }
  const cid = cidOf(upload.bytes);
  await store.put(cid, upload.bytes);
  return db.withTenant(uploader.tenantId, (tx) =>
    repository.recordFile(tx, {
      tenantId: uploader.tenantId,
      cid,
      uploadedBy: uploader.userId,
      contentType,
      sizeBytes: upload.bytes.length,
      originalName: displayName(upload.originalName),
    }),
  );
}

/** Public content by CID with its type read from the bytes (only accepted images are ever stored). */
export async function readContent(store: ContentStore, cid: string): Promise<{ bytes: Buffer; contentType: FileContentType }> {
  const bytes = await store.get(cid);
  const contentType = bytes && detectImageType(bytes);
  if (!bytes || !contentType) throw new AppError('NOT_FOUND', fileTexts.notFound);
  return { bytes, contentType };
}
