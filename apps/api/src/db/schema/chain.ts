import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './foundation';

export type PlatformKeyPurpose = 'issuer' | 'freeze' | 'retirement_delegate';

export const platformKeys = pgTable('platform_keys', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  purpose: text('purpose').$type<PlatformKeyPurpose>().notNull(),
  address: text('address').notNull(),
  encryptedSecret: text('encrypted_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SubmissionStatus = 'pending' | 'sent' | 'confirmed' | 'failed' | 'expired';

export const chainSubmissions = pgTable('chain_submissions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  kind: text('kind').notNull(),
  status: text('status').$type<SubmissionStatus>().notNull().default('pending'),
  messageBase64: text('message_base64').notNull(),
  preparedTxBase64: text('prepared_tx_base64').notNull(),
  requiredSigner: text('required_signer'),
  signedTxBase64: text('signed_tx_base64'),
  signature: text('signature'),
  lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }).notNull(),
  error: text('error'),
  reference: jsonb('reference').$type<Record<string, unknown>>().notNull().default({}),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** When the reconciliation first saw this decided submission consistent with the chain; it is not read again after. */
  chainCheckedAt: timestamp('chain_checked_at', { withTimezone: true }),
  /** The commitment the chain had reached when the submission was recorded confirmed. */
  commitment: text('commitment', { enum: ['confirmed', 'finalized'] }),
});
