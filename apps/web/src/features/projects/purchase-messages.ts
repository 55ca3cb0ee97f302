import { purchaseTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

/** The purchase texts the server sends (English, from the contracts) that have their translation under purchases.texts. */
const TRANSLATED = ['quoteExpired', 'priceMoved', 'notConfirmable', 'notCancellable', 'quantityUnavailable', 'walletRequired', 'unknownProject'] as const;

const KEYS_BY_TEXT = new Map<string, string>(TRANSLATED.map((key) => [purchaseTexts[key], `purchases.texts.${key}`]));

/** A server text in the reader's language: a purchase text, else any text the app knows, else as sent. */
export function purchaseMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}

/** What a failed request tells the buyer: the field's own message first (e.g. "At most 5 tCO2e are available."), else the failure. */
export function purchaseFailure(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('purchases.failed');
  const field = error.fields ? Object.values(error.fields).flat()[0] : undefined;
  const atMost = field ? /^At most (\d+) tCO2e are available\.$/.exec(field) : null;
  const detail = atMost ? t('purchases.atMost', { quantity: atMost[1] }) : field ? translateMessage(t, field) : null;
  return [purchaseMessage(t, error.message), detail].filter(Boolean).join(' ');
}
