import { errorCatalogue, genericErrorTexts, loginTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { clientErrorTexts } from './api-client';

/** docs/product.md §8 login texts the client owns (features/auth picks among them). */
export const loginErrorTexts = {
  failed: 'Login failed',
  noData: 'No response data received',
  dualAuthFailed: 'Dual authentication failed',
} as const;

/**
 * Texts that come from the contracts and the server are English (docs/product.md §5/§8); this maps
 * each known text to its translation key so the user reads it in their language.
 */
const KEYS_BY_TEXT = new Map<string, string>();
function register(prefix: string, texts: Record<string, string | { message: string }>) {
  for (const [key, value] of Object.entries(texts)) {
    const text = typeof value === 'string' ? value : value.message;
    if (!KEYS_BY_TEXT.has(text)) KEYS_BY_TEXT.set(text, `${prefix}.${key}`);
  }
}
register('validation', loginTexts);
register('errors.codes', errorCatalogue);
register('errors.generic', genericErrorTexts);
register('errors.client', clientErrorTexts);
register('errors.login', loginErrorTexts);

export function messageKeys(): string[] {
  return [...KEYS_BY_TEXT.values()];
}

export function translateMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : text;
}
