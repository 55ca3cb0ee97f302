import { invoiceTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../lib/messages';

/** The invoice texts the server sends (English, from the contracts) that have their translation under invoices.texts. */
const TRANSLATED = [
  'paymentMethodRequired',
  'dueDateRequired',
  'paymentFailed',
  'loadFailed',
  'dueBeforeIssue',
  'notEditable',
  'onlyDraftsDeleted',
  'notCancellable',
  'notPayable',
  'notIssuable',
  'overpayment',
  'noLines',
  'unknownCompany',
] as const;

const KEYS_BY_TEXT = new Map<string, string>(TRANSLATED.map((key) => [invoiceTexts[key], `invoices.texts.${key}`]));

/** A server text in the reader's language: an invoice text, else any text the app knows, else as sent. */
export function invoiceMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}
