import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './foundation';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    key: text('key').notNull(),
    userId: uuid('user_id'),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'in_flight' | 'completed'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** Which request holds the key: a request that lost its key to a retry can no longer bind, complete or release it. */
    claimId: uuid('claim_id').notNull().defaultRandom(),
    /** The operation (a retirement, a mint operation, a minting job) the key's request created; a retry answers from it. */
    operationId: uuid('operation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.key] })],
);
