import { reconciliationTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../lib/messages';

const KEYS_BY_TEXT = new Map<string, string>(Object.entries(reconciliationTexts).map(([key, text]) => [text, `reconciliation.texts.${key}`]));

/** A server text in the reader's language: a reconciliation text, else any text the app knows, else as sent. */
export function reconciliationMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}
