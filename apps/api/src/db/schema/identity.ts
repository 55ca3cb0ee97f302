import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import type { SecurityEventType, Severity } from '@carbonledger/contracts';
import { sessions, tenants } from './foundation';
import { at, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';

export const userCredentials = pgTable('user_credentials', {
  userId: userRef('user_id').primaryKey(),
  tenantId: tenantId(),
  mfaEnabled: boolean('mfa_enabled').notNull().default(false),
  mfaSecret: text('mfa_secret'),
  mfaPendingSecret: text('mfa_pending_secret'),
  mfaLastTimeStep: bigint('mfa_last_time_step', { mode: 'number' }),
  recoveryCodeHashes: text('recovery_code_hashes')
    .array()
    .notNull()
    .default(sql`'{}'`),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lastFailedLoginAt: at('last_failed_login_at'),
  lockedUntil: at('locked_until'),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  updatedAt: updatedAt(),
});

export type AuthMethod = 'password' | 'wallet';

export const sessionCredentials = pgTable('session_credentials', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id),
  tenantId: tenantId(),
  tokenVersion: integer('token_version').notNull().default(1),
  csrfToken: text('csrf_token').notNull(),
  authMethod: text('auth_method').$type<AuthMethod>().notNull(),
  country: text('country'),
});

export const linkedWallets = pgTable('linked_wallets', {
  id: generatedId(),
  tenantId: tenantId(),
  userId: userRef('user_id').notNull(),
  walletAddress: text('wallet_address').notNull(),
  walletType: text('wallet_type').notNull(),
  linkedAt: at('linked_at').notNull().defaultNow(),
});

export const walletChallenges = pgTable('wallet_challenges', {
  nonce: text('nonce').primaryKey(),
  walletAddress: text('wallet_address').notNull(),
  message: text('message').notNull(),
  issuedAt: at('issued_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const securityEvents = pgTable('security_events', {
  id: generatedId(),
  tenantId: tenantId(),
  type: text('type').$type<SecurityEventType>().notNull(),
  userId: uuid('user_id'),
  userEmail: text('user_email'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const securityAlerts = pgTable('security_alerts', {
  id: generatedId(),
  tenantId: tenantId(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  severity: text('severity').$type<Severity>().notNull(),
  userId: uuid('user_id'),
  createdAt: createdAt(),
  resolvedAt: at('resolved_at'),
  resolvedBy: uuid('resolved_by'),
});

export const requestLogs = pgTable('request_logs', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  tenantId: uuid('tenant_id').references(() => tenants.id),
  requestId: text('request_id').notNull(),
  createdAt: at('created_at').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  statusCode: integer('status_code').notNull(),
  responseTimeMs: real('response_time_ms').notNull(),
  userId: uuid('user_id'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  errorMessage: text('error_message'),
});
