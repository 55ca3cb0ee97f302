import { apiKeyTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../lib/messages';

const KEYS_BY_TEXT = new Map<string, string>(Object.entries(apiKeyTexts).map(([key, text]) => [text, `apiKeys.texts.${key}`]));

/** A server text in the reader's language: an API key text, else any text the app knows, else as sent. */
export function apiKeyMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}
