import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyEnvironment, ApiKeyPermission } from '@carbonledger/contracts';
import { at, companyId, createdAt, generatedId, tenantId, userRef } from './columns';

/** An API key (migration 0031, docs/product.md §3 API key); the secret itself is never stored. */
export const apiKeys = pgTable('api_keys', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  createdBy: userRef('created_by').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  environment: text('environment').$type<ApiKeyEnvironment>().notNull(),
  publicId: text('public_id').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  secretHash: text('secret_hash').notNull(),
  permissions: text('permissions').array().$type<ApiKeyPermission[]>().notNull(),
  rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
  rateLimitPerHour: integer('rate_limit_per_hour').notNull(),
  rateLimitPerDay: integer('rate_limit_per_day').notNull(),
  ipWhitelist: text('ip_whitelist')
    .array()
    .notNull()
    .default(sql`'{}'`),
  expiresAt: at('expires_at'),
  lastUsedAt: at('last_used_at'),
  revokedAt: at('revoked_at'),
  rotatedAt: at('rotated_at'),
  createdAt: createdAt(),
});

/** Per-minute, per-endpoint usage aggregates of a key (migration 0031). */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    tenantId: tenantId(),
    companyId: companyId(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    minute: at('minute').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    requests: integer('requests').notNull(),
    errors: integer('errors').notNull(),
    latencyHistogram: integer('latency_histogram').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.apiKeyId, table.minute, table.method, table.route] })],
);
