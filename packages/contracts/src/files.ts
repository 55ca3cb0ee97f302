import { z } from 'zod';

/** Largest file the store accepts (docs/product.md §9 gives images 2 MB, as for the profile photo). */
export const FILE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Image types the store accepts, recognised from the file's first bytes (the declared type is
 * not trusted). SVG is refused: it can carry script, and token logos are opened by wallets and
 * explorers from this public origin.
 */
export const FILE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];

/** The multipart field that carries the file (docs/product.md §7: "a multipart POST with a file field"). */
export const FILE_FIELD = 'file';

/**
 * IPFS CIDv1 of raw bytes: multibase base32 lower case ('b'), version 1, codec raw (0x55),
 * multihash sha2-256 (0x12, 32 bytes) — always "bafkrei" followed by 52 base32 characters.
 */
export const cidSchema = z.string().regex(/^bafkrei[a-z2-7]{52}$/, 'Not a CIDv1 of this file store');
export const fileCidParams = z.object({ cid: cidSchema });

export const storedFileSchema = z.object({
  cid: cidSchema,
  size: z.number().int().nonnegative(),
  contentType: z.enum(FILE_CONTENT_TYPES),
  /** Public HTTP address of the content: what a token's metadata uri (logo URL) holds. */
  url: z.string().url(),
  ipfsUri: z.string().startsWith('ipfs://'),
  originalName: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** Texts of the file store's refusals (the web prefixes them with mintingTexts.logoUploadFailed). */
export const fileTexts = {
  missingFile: 'Choose an image file to upload.',
  tooLarge: 'The file is larger than 2 MB.',
  unsupportedType: 'Only PNG, JPEG, WebP or GIF images can be uploaded.',
  notFound: 'File not found',
  uploaded: 'File stored.',
} as const;
