import { registryTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

/** Server texts of an import (English, docs/product.md §8) → their translation keys. */
const KEYS_BY_TEXT = new Map<string, string>(
  (['imported', 'overlap', 'blockNotFound', 'blockNotIssued', 'issuanceMismatch', 'registryUnavailable'] as const).map((key) => [
    registryTexts[key],
    `projects.import.texts.${key}`,
  ]),
);

export function importMessageKeys(): string[] {
  return [...KEYS_BY_TEXT.values()];
}

export function translateImportMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}

/** The server's reason for a refused import (already held, not issued, registry down), otherwise a plain failure text. */
export function importFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && (KEYS_BY_TEXT.has(error.message) || (error.status !== 0 && error.status < 500)))
    return translateImportMessage(t, error.message);
  return t('projects.import.failed');
}
