import { z } from 'zod';
import { solanaAddressField } from './auth';
import { API_BASE_PATH } from './constants';

/** docs/product.md §5 profile photo: JPG or PNG, at most PROFILE_PHOTO_MAX_BYTES (constants.ts). */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
/** The stored photo is a square of this many pixels a side, whatever was uploaded. */
export const PROFILE_PHOTO_SIZE = 256;

/** Texts of the profile screen's answers and refusals. */
export const profileTexts = {
  /** docs/product.md §5, the photo rule as the product states it (hint and refusal alike). */
  photoRule: 'Profile photo: JPG or PNG, max 2 MB.',
  photoUnreadable: 'The image could not be read. Please choose another JPG or PNG file.',
  photoMissing: 'Choose a JPG or PNG image to upload.',
  photoUpdated: 'Profile photo updated',
  photoRemoved: 'Profile photo removed',
  walletUnlinked: 'Wallet unlinked',
  walletNotLinked: 'This wallet is not linked to your account.',
} as const;

/** Answer of POST /profile/photo: where the stored square photo is and what it became. */
export const profilePhotoSchema = z.object({
  /** Path of the stored image under the API (the file store's public content address). */
  photoUrl: z.string(),
  cid: z.string(),
  contentType: z.enum(PROFILE_PHOTO_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  size: z.number().int().positive(),
});
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;

/** Where the file store serves a photo by its CID (docs/files.md: public, immutable). */
export function profilePhotoUrl(cid: string): string {
  return `${API_BASE_PATH}/files/${cid}`;
}

export const linkedWalletParams = z.object({ address: solanaAddressField });

/** Answer of DELETE /profile/wallets/{address}: the wallet no longer signs this user in, and the sessions it had opened ended. */
export const walletUnlinkResultSchema = z.object({
  walletAddress: z.string(),
  endedSessions: z.number().int().nonnegative(),
});
export type WalletUnlinkResult = z.infer<typeof walletUnlinkResultSchema>;
