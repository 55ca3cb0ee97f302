import { profileTexts } from '../profile';
import { domainError } from './define';

/** The profile domain's refusals (docs/architecture.md "Errors"). */
export const profileErrors = {
  /** The bytes are not a JPG or PNG image (GIF, WebP, PDF, SVG, text…), whatever the browser declared. */
  PROFILE__PHOTO_TYPE: domainError('UNSUPPORTED_MEDIA_TYPE', profileTexts.photoRule),
  /** The photo is larger than PROFILE_PHOTO_MAX_BYTES. */
  PROFILE__PHOTO_TOO_LARGE: domainError('PAYLOAD_TOO_LARGE', profileTexts.photoRule),
  /** The bytes start like a JPG or PNG but do not decode (truncated, corrupt, or absurd dimensions). */
  PROFILE__PHOTO_UNREADABLE: domainError('VALIDATION_ERROR', profileTexts.photoUnreadable),
  /** Unlinking a wallet that is not linked to the caller (another user's wallets are not told apart). */
  PROFILE__WALLET_NOT_LINKED: domainError('NOT_FOUND', profileTexts.walletNotLinked),
} as const;
