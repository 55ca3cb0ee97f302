import { signingTexts, walletTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { translateMessage } from './messages';

/** Server and contract texts of wallets and signing (English, docs/product.md §8) → their translation keys. */
const KEYS_BY_TEXT = new Map<string, string>([
  ...Object.entries(walletTexts).map(([key, text]) => [text, `wallets.texts.${key}`] as const),
  ...Object.entries(signingTexts).map(([key, text]) => [text, `signing.texts.${key}`] as const),
]);

export function walletMessageKeys(): string[] {
  return [...KEYS_BY_TEXT.values()];
}

export function translateWalletMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}

/** The server's reason when it gave one (any known wallet text, even with a 503), otherwise the docs/product.md §8 failure text of the action. */
export function failureText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && (KEYS_BY_TEXT.has(error.message) || (error.status !== 0 && error.status < 500)))
    return translateWalletMessage(t, error.message);
  return translateWalletMessage(t, fallback);
}
