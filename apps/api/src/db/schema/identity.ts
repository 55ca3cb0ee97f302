import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SecurityEventType, Severity } from '@carbonledger/contracts';
import { sessions, tenants, users } from './foundation';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const userCredentials = pgTable('user_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
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
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export type AuthMethod = 'password' | 'wallet';

export const sessionCredentials = pgTable('session_credentials', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  tokenVersion: integer('token_version').notNull().default(1),
  csrfToken: text('csrf_token').notNull(),
  authMethod: text('auth_method').$type<AuthMethod>().notNull(),
  country: text('country'),
});

export const linkedWallets = pgTable('linked_wallets', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
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
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  type: text('type').$type<SecurityEventType>().notNull(),
  userId: uuid('user_id'),
  userEmail: text('user_email'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const securityAlerts = pgTable('security_alerts', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  severity: text('severity').$type<Severity>().notNull(),
  userId: uuid('user_id'),
  createdAt: at('created_at').notNull().defaultNow(),
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
