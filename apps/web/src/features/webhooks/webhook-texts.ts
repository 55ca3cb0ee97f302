import { webhookTexts, type WebhookEventType } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../lib/messages';

/** An event's translation key: its dotted name cannot be an i18next key path (`mint.completed` → `webhooks.eventNames.mint_completed`). */
export function eventNameKey(type: WebhookEventType): string {
  return `webhooks.eventNames.${type.replace('.', '_')}`;
}

/** The webhook texts the server sends (English, from the contracts) that have their translation under webhooks.texts. */
const TRANSLATED = ['urlInvalid', 'httpsRequired', 'privateTarget', 'unresolvable', 'eventsRequired', 'endpointDisabled'] as const;
const KEYS_BY_TEXT = new Map<string, string>(TRANSLATED.map((key) => [webhookTexts[key], `webhooks.texts.${key}`]));

/** A server text in the reader's language: a webhook text, else any text the app knows, else as sent. */
export function webhookMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}
