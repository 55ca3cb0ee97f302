import { registryIntegrationTexts, registryTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

const KEYS_BY_TEXT = new Map<string, string>([
  ...Object.entries(registryIntegrationTexts).map(([key, text]) => [text, `registry.texts.${key}`] as const),
  [registryTexts.registryUnavailable, 'registry.texts.registryUnavailable'],
]);

/** A server text in the reader's language: a registry text, else any text the app knows, else as sent. */
export function registryMessage(t: TFunction, text: string): string {
  const exact = KEYS_BY_TEXT.get(text);
  if (exact) return t(exact);
  // The header refusal names the missing columns after its text.
  const prefixed = [...KEYS_BY_TEXT.entries()].find(([known]) => text.startsWith(`${known}:`) || text.startsWith(`${known} (`));
  return prefixed ? `${t(prefixed[1])}${text.slice(prefixed[0].length)}` : translateMessage(t, text);
}

/** Why an import was refused as a whole, for the alert above the form. */
export function importFailureMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return registryMessage(t, error.fields?.file?.[0] ?? error.message);
  return t('registry.import.failed');
}
