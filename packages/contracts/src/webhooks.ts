import { z } from 'zod';
import { approvalOperationTypeSchema } from './approvals';
import { discrepancyTypeSchema } from './reconciliation';
import { retirementReasonSchema } from './retirements';
import { severitySchema } from './security';
import { multiLineText, singleLineText } from './text';

/**
 * Webhooks (docs/product.md §2 /webhooks, §3 Webhook): a company registers an endpoint URL,
 * the events it wants and an optional secret; deliveries follow the Standard Webhooks
 * convention (https://www.standardwebhooks.com): headers webhook-id, webhook-timestamp and
 * webhook-signature = "v1," + base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`)), the
 * secret shown once as `whsec_` + base64. The same events stream as server-sent events
 * (GET /events/stream, docs/product.md §7) for integrators without socket.io.
 *
 * This file is the one catalogue of events: the API validates what it emits against it, the
 * /webhooks page offers its names and /api-docs lists its payload schemas.
 */
export const webhookTexts = {
  loadFailed: 'Failed to load webhooks. Please try again later.',
  created: 'Webhook created.',
  updated: 'Webhook updated.',
  deleted: 'Webhook deleted.',
  testQueued: 'Test event queued.',
  redeliveryQueued: 'Redelivery queued.',
  secretRotated: 'Signing secret rotated.',
  urlInvalid: 'Enter a valid URL.',
  httpsRequired: 'The endpoint URL must use https.',
  privateTarget: 'The endpoint URL must reach a public address: private, loopback and link-local targets are refused.',
  unresolvable: 'The endpoint host could not be resolved.',
  eventsRequired: 'Choose at least one event.',
  endpointDisabled: 'This webhook is disabled: enable it before sending to it.',
  disabledTitle: 'Webhook disabled',
  disabledMessage: 'Deliveries to this endpoint kept failing and it was disabled. Fix the endpoint, then enable it again on the Webhooks page.',
  testMessage: 'This is a test event sent from Carbonledger.',
} as const;

/** Amounts travel as decimal strings: tonnes and token base units never pass through binary floating point. */
const decimalString = z.string().regex(/^\d+(\.\d+)?$/);

/**
 * The event catalogue: each event's name (Standard Webhooks' dotted `type`) and its `data`
 * schema. `webhook.test` is only ever sent by "Send test event" to one endpoint.
 */
export const webhookEventCatalogue = {
  'mint.completed': {
    description: 'A minting operation completed: verified carbon units were tokenised and minted to the wallet.',
    data: z.object({
      operationId: z.uuid(),
      companyId: z.uuid(),
      projectId: z.string(),
      vintage: z.number().int(),
      quantity: decimalString.describe('Tonnes (tCO2e) minted'),
      symbol: z.string(),
      mintAddress: z.string(),
      walletAddress: z.string(),
      signature: z.string(),
      serialNumbers: z.array(z.string()),
    }),
  },
  'mint.failed': {
    description: 'A minting operation failed for good; its reserved units were released.',
    data: z.object({
      operationId: z.uuid(),
      companyId: z.uuid(),
      projectId: z.string(),
      quantity: decimalString,
      symbol: z.string(),
      error: z.string(),
    }),
  },
  'minting_job.completed': {
    description:
      'A batch minting job completed: every chunk of its VCU blocks was minted to the wallet. A batch is its own event (not mint.completed) because it spans several projects, vintages and mints.',
    data: z.object({
      jobId: z.uuid(),
      companyId: z.uuid(),
      vcuCount: z.number().int(),
      totalAmount: decimalString.describe('Tonnes (tCO2e) minted'),
      walletAddress: z.string(),
      completedAt: z.iso.datetime(),
    }),
  },
  'minting_job.failed': {
    description: 'A batch minting job failed for good; the units of its unminted chunks were released (chunks already minted stay minted).',
    data: z.object({
      jobId: z.uuid(),
      companyId: z.uuid(),
      vcuCount: z.number().int(),
      totalAmount: decimalString,
      mintedAmount: decimalString.describe('Tonnes minted before the failure'),
      walletAddress: z.string(),
      error: z.string(),
    }),
  },
  'retirement.completed': {
    description: 'A retirement completed: the tokens were burnt on chain and the registry serials retired.',
    data: z.object({
      retirementId: z.uuid(),
      companyId: z.uuid(),
      tonnes: decimalString,
      tokenMint: z.string(),
      tokenSymbol: z.string(),
      projectId: z.string(),
      beneficiaryName: z.string(),
      reason: retirementReasonSchema,
      signature: z.string(),
      certificateNumber: z.string(),
      serialNumbers: z.array(z.string()),
    }),
  },
  'certificate.issued': {
    description: 'A retirement certificate was issued.',
    data: z.object({
      certificateNumber: z.string(),
      retirementId: z.uuid(),
      companyId: z.uuid(),
      mintAddress: z.string(),
      tonnes: decimalString,
      projectName: z.string(),
      beneficiaryName: z.string(),
      issuedAt: z.iso.datetime(),
    }),
  },
  'wallet.approved': {
    description: 'An administrator approved a company wallet.',
    data: z.object({ walletId: z.uuid(), companyId: z.uuid(), address: z.string() }),
  },
  'wallet.rejected': {
    description: 'An administrator rejected a company wallet.',
    data: z.object({ walletId: z.uuid(), companyId: z.uuid(), address: z.string(), reason: z.string() }),
  },
  'approval.decided': {
    description: 'An approval workflow was decided: approved at its last level, or rejected.',
    data: z.object({
      workflowId: z.uuid(),
      companyId: z.uuid(),
      operationType: approvalOperationTypeSchema,
      decision: z.enum(['approved', 'rejected']),
      level: z.number().int(),
      reason: z.string().nullable(),
    }),
  },
  'invoice.paid': {
    description: 'An invoice was paid in full: the payment that settled its balance was recorded.',
    data: z.object({
      invoiceId: z.uuid(),
      companyId: z.uuid(),
      number: z.string(),
      totalAmount: decimalString.describe('The invoice total, in its currency'),
      currency: z.string(),
      paidDate: z.iso.datetime(),
      /** What issued it (e.g. manual, purchases) and that module's reference, so an order can be matched. */
      source: z.string(),
      sourceReference: z.string().nullable(),
    }),
  },
  'discrepancy.detected': {
    description: 'Reconciliation found the ledger and the chain disagreeing; a discrepancy was opened.',
    data: z.object({
      discrepancyId: z.uuid(),
      companyId: z.uuid().nullable(),
      type: discrepancyTypeSchema,
      severity: severitySchema,
      entityType: z.string(),
      entityId: z.string(),
      description: z.string(),
      expected: z.string(),
      actual: z.string(),
    }),
  },
  'webhook.test': {
    description: 'Sent by "Send test event" to check that an endpoint receives and verifies deliveries.',
    data: z.object({ webhookId: z.uuid(), message: z.string() }),
  },
} as const;

export type WebhookEventType = keyof typeof webhookEventCatalogue;
export const WEBHOOK_EVENT_TYPES = Object.keys(webhookEventCatalogue) as [WebhookEventType, ...WebhookEventType[]];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
/** What an endpoint may subscribe to: every event but the test one, which is sent on demand. */
export const SUBSCRIBABLE_WEBHOOK_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test') as [WebhookEventType, ...WebhookEventType[]];
export const subscribableWebhookEventSchema = z.enum(SUBSCRIBABLE_WEBHOOK_EVENTS);

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventCatalogue)[T]['data']>;

/** The body of every delivery and of every server-sent event's `data` (Standard Webhooks payload structure). */
export const webhookPayloadSchema = z.object({
  type: webhookEventTypeSchema,
  timestamp: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** Standard Webhooks header names. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export const webhookIdParams = z.object({ id: z.uuid() });
export const webhookMessageParams = z.object({ id: z.uuid(), messageId: z.uuid() });

const urlField = singleLineText()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, webhookTexts.urlInvalid);

const eventsField = z
  .array(subscribableWebhookEventSchema)
  .min(1, webhookTexts.eventsRequired)
  .max(SUBSCRIBABLE_WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const createWebhookRequest = z.object({
  url: urlField,
  description: multiLineText().trim().max(500).default(''),
  events: eventsField,
  /** Sign deliveries (a secret is generated and shown once); without it deliveries carry no signature. */
  signed: z.boolean().default(true),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

export const updateWebhookRequest = z
  .object({
    url: urlField,
    description: multiLineText().trim().max(500),
    events: eventsField,
    enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequest>;

export const webhookSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  signed: z.boolean(),
  enabled: z.boolean(),
  /** Why it is disabled: by a user, or automatically after persistent failure. */
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  disabledAt: z.iso.datetime().nullable(),
  /** Deliveries have failed without a success since then. */
  failingSince: z.iso.datetime().nullable(),
  lastDeliveryAt: z.iso.datetime().nullable(),
  lastDeliveryStatus: z.enum(['delivered', 'failed']).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** Creating a signed webhook (or rotating its secret) answers the secret this once. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string().nullable() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** pending: waiting for its next attempt; delivered: a 2xx answer; failed: retries exhausted, or the endpoint disabled or deleted. */
export const WEBHOOK_MESSAGE_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookMessageStatusSchema = z.enum(WEBHOOK_MESSAGE_STATUSES);
export type WebhookMessageStatus = z.infer<typeof webhookMessageStatusSchema>;

export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  attemptedAt: z.iso.datetime(),
  /** automatic: the retry schedule; manual: a redelivery a user asked for. */
  trigger: z.enum(['automatic', 'manual']),
  /** The receiver's HTTP status, or null when no answer came (refused address, timeout, connection error). */
  statusCode: z.number().int().nullable(),
  succeeded: z.boolean(),
  latencyMs: z.number().int().nonnegative(),
  /** The first 1 KB of the answer, or what went wrong when there was none. */
  responseExcerpt: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One event for one endpoint: its `webhook-id` stays the same through retries and redeliveries. */
export const webhookMessageSchema = z.object({
  id: z.uuid(),
  webhookId: z.string(),
  eventType: webhookEventTypeSchema,
  status: webhookMessageStatusSchema,
  attemptCount: z.number().int().nonnegative(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  payload: webhookPayloadSchema,
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;
export const webhookMessageListSchema = z.object({ items: z.array(webhookMessageSchema) });
export type WebhookMessageList = z.infer<typeof webhookMessageListSchema>;
export const webhookMessageListQuery = z.object({
  status: webhookMessageStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /events/stream: `types` narrows the stream to some events (comma-separated); Last-Event-ID (header or query) resumes after an event. */
export const eventStreamQuery = z.object({
  types: z
    .string()
    .max(1000)
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter((name) => !(SUBSCRIBABLE_WEBHOOK_EVENTS as readonly string[]).includes(name));
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: `Unknown event types: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return names as WebhookEventType[];
    }),
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export const EVENT_STREAM_KEEPALIVE_MS = 15_000;

/** A signature-verification snippet for the API documentation (Node's crypto, no dependency). */
export const WEBHOOK_VERIFICATION_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the whsec_… value shown when the webhook was created; body: the raw request body (a string).
export function verifyWebhook(secret: string, headers: Record<string, string>, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  // Refuse stale or future deliveries (replays): 5 minutes of tolerance.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  // The header may carry several space-separated signatures ("v1,<base64> v1,<base64>").
  return headers['webhook-signature'].split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;
