import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_SECRET_PREFIX } from '@carbonledger/contracts';

/** A new signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The message's `webhook-id`: stable through every retry and redelivery, for the receiver's deduplication. */
export function webhookIdOf(messageId: string): string {
  return `msg_${messageId.replaceAll('-', '')}`;
}

/**
 * The Standard Webhooks headers of one attempt: the signature is
 * "v1," + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), the key being the secret's
 * base64 part decoded. An unsigned endpoint gets the id and timestamp only.
 */
export function webhookHeaders(secret: string | null, webhookId: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000).toString();
  const headers: Record<string, string> = { [WEBHOOK_HEADERS.id]: webhookId, [WEBHOOK_HEADERS.timestamp]: timestamp };
  if (secret) {
    const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
    const signature = createHmac('sha256', key).update(`${webhookId}.${timestamp}.${body}`).digest('base64');
    headers[WEBHOOK_HEADERS.signature] = `v1,${signature}`;
  }
  return headers;
}
