import { retirementTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateWalletMessage } from '../../lib/wallet-messages';

/** Contract and server texts of retirements (English) → their translation keys; the KYC link is a path, not a text. */
const KEYS_BY_TEXT = new Map<string, string>(
  Object.entries(retirementTexts)
    .filter(([key]) => key !== 'kycLink')
    .map(([key, text]) => [text, `retirements.texts.${key}`] as const),
);

export function retirementMessageKeys(): string[] {
  return [...KEYS_BY_TEXT.values()];
}

export function isRetirementText(text: string): boolean {
  return KEYS_BY_TEXT.has(text);
}

export function translateRetirementMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateWalletMessage(t, text);
}

/** The server's reason for a refusal (4xx, or any text it knows), otherwise the action's fallback. */
export function retirementFailureText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && (KEYS_BY_TEXT.has(error.message) || (error.status !== 0 && error.status < 500)))
    return translateRetirementMessage(t, error.message);
  return translateRetirementMessage(t, fallback);
}
