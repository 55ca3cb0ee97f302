import { bigint, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';

export type PlatformKeyPurpose = 'issuer' | 'freeze' | 'retirement_delegate';

export const platformKeys = pgTable('platform_keys', {
  id: generatedId(),
  tenantId: tenantId(),
  purpose: text('purpose').$type<PlatformKeyPurpose>().notNull(),
  address: text('address').notNull(),
  encryptedSecret: text('encrypted_secret').notNull(),
  createdAt: createdAt(),
});

export type SubmissionStatus = 'pending' | 'sent' | 'confirmed' | 'failed' | 'expired';

export const chainSubmissions = pgTable('chain_submissions', {
  id: generatedId(),
  tenantId: tenantId(),
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
  createdBy: userRef('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  sentAt: at('sent_at'),
  finishedAt: at('finished_at'),
  /** When the reconciliation first saw this decided submission consistent with the chain; it is not read again after. */
  chainCheckedAt: at('chain_checked_at'),
  /** The commitment the chain had reached when the submission was recorded confirmed. */
  commitment: text('commitment', { enum: ['confirmed', 'finalized'] }),
});
