import { offsetTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../lib/messages';

/** The offset texts the server sends (English, from the contracts) that have their translation under offsets.texts. */
const TRANSLATED = [
  'walletRequired',
  'managedWalletRequired',
  'unknownToken',
  'requestedDatePast',
  'requestedDateTooFar',
  'noPlatformSource',
  'loadFailed',
  'notWithdrawable',
  'notRequester',
] as const;

const KEYS_BY_TEXT = new Map<string, string>(TRANSLATED.map((key) => [offsetTexts[key], `offsets.texts.${key}`]));

/** A server text in the reader's language: an offset text, else any text the app knows, else as sent. */
export function offsetMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}
