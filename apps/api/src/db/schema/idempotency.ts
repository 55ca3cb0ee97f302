import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, tenantId } from './columns';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    userId: uuid('user_id'),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'in_flight' | 'completed'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** Which request holds the key: a request that lost its key to a retry can no longer bind, complete or release it. */
    claimId: uuid('claim_id').notNull().defaultRandom(),
    /** The liveness key (Database.processKey) of the process whose request holds the key. */
    claimedBy: integer('claimed_by'),
    /** The operation (a retirement, a mint operation, a minting job) the key's request created; a retry answers from it. */
    operationId: uuid('operation_id'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.key] })],
);
