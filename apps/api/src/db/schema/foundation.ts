import { sql } from 'drizzle-orm';
import { bigserial, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@carbonledger/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tenants = pgTable('tenants', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  theme: text('theme').$type<'light' | 'dark' | 'auto'>().notNull().default('light'),
  branding: jsonb('branding').$type<TenantBranding>().notNull().default({}),
  createdAt: createdAt(),
});

export interface TenantBranding {
  customColors?: { primary?: string; secondary?: string };
  fonts?: { body?: string; display?: string };
  /** CID of the logo in the file store (docs/files.md). */
  logoCid?: string;
}

export interface CompanyAddressRecord {
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
}

export interface CompanyContactRecord {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
}

export type KycStatus = 'not_started' | 'pending' | 'in_review' | 'approved' | 'rejected';

export const companies = pgTable('companies', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  name: text('name').notNull(),
  legalName: text('legal_name'),
  taxId: text('tax_id'),
  country: text('country'),
  /** Set at onboarding (migration 0018); companies made before it have none. */
  address: jsonb('address').$type<CompanyAddressRecord>(),
  contact: jsonb('contact').$type<CompanyContactRecord>().notNull().default({}),
  isPlatform: boolean('is_platform').notNull().default(false),
  kycStatus: text('kyc_status').$type<KycStatus>().notNull().default('not_started'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserStatus = 'active' | 'inactive' | 'suspended' | 'pending_verification';

export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  role: text('role').$type<Role>().notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  jobTitle: text('job_title'),
  bio: text('bio'),
  department: text('department'),
  /** The profile photo's CID in the file store (docs/files.md); null without a photo. */
  photoCid: text('photo_cid'),
  status: text('status').$type<UserStatus>().notNull().default('active'),
  verified: boolean('verified').notNull().default(false),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  fingerprint: text('fingerprint').notNull(),
  device: text('device'),
  userAgent: text('user_agent'),
  ip: text('ip'),
  location: text('location'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokeReason: text('revoke_reason'),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  actorUserId: uuid('actor_user_id'),
  action: text('action').notNull(),
  resourceType: text('resource_type').notNull(),
  resourceId: text('resource_id'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  ip: text('ip'),
  requestId: text('request_id'),
  createdAt: createdAt(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});
