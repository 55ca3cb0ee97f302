import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { WebhookEventType, WebhookMessageStatus } from '@carbonledger/contracts';
import { companies } from './foundation';
import { at, companyId, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';

/** A company's webhook endpoint (migration 0032, docs/product.md §3 Webhook). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  tenantWide: boolean('tenant_wide').notNull().default(false),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().$type<WebhookEventType[]>().notNull(),
  secretSealed: text('secret_sealed'),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason').$type<'manual' | 'failing'>(),
  disabledAt: at('disabled_at'),
  failingSince: at('failing_since'),
  lastDeliveryAt: at('last_delivery_at'),
  lastDeliveryStatus: text('last_delivery_status').$type<'delivered' | 'failed'>(),
  createdBy: userRef('created_by'),
  deletedAt: at('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The event outbox: written in the business change's transaction; its id is the SSE event id. */
export const webhookEvents = pgTable('webhook_events', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  tenantId: tenantId(),
  companyId: uuid('company_id').references(() => companies.id),
  type: text('type').$type<WebhookEventType>().notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  dispatchedAt: at('dispatched_at'),
});

/** One event for one endpoint, with the exact body it is signed and sent with. */
export const webhookMessages = pgTable('webhook_messages', {
  id: generatedId(),
  tenantId: tenantId(),
  endpointId: uuid('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id),
  eventId: bigint('event_id', { mode: 'bigint' }).references(() => webhookEvents.id),
  eventType: text('event_type').$type<WebhookEventType>().notNull(),
  body: text('body').notNull(),
  status: text('status').$type<WebhookMessageStatus>().notNull().default('pending'),
  attemptCount: integer('attempt_count').notNull().default(0),
  nextAttemptAt: at('next_attempt_at'),
  leaseUntil: at('lease_until'),
  createdAt: createdAt(),
});

/** One HTTP attempt of a message: the delivery log. */
export const webhookAttempts = pgTable('webhook_attempts', {
  id: generatedId(),
  tenantId: tenantId(),
  messageId: uuid('message_id')
    .notNull()
    .references(() => webhookMessages.id),
  trigger: text('trigger').$type<'automatic' | 'manual'>().notNull(),
  statusCode: integer('status_code'),
  succeeded: boolean('succeeded').notNull(),
  latencyMs: integer('latency_ms').notNull(),
  responseExcerpt: text('response_excerpt').notNull().default(''),
  error: text('error'),
  attemptedAt: at('attempted_at').notNull().defaultNow(),
});
