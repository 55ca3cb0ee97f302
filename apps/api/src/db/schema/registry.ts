import { sql } from 'drizzle-orm';
import { bigint, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProjectType, RegistryBlockStatus, RegistryId, VcuRecordStatus } from '@carbonledger/contracts';
import { companies, tenants, users } from './foundation';

/** Sandbox registry projects (embedded mode), one set per tenant. */
export const registryProjects = pgTable(
  'registry_projects',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    projectId: text('project_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    country: text('country').notNull(),
    type: text('type').$type<ProjectType>().notNull(),
    technology: text('technology').notNull(),
    methodology: text('methodology').notNull(),
    methodologyName: text('methodology_name').notNull(),
    developer: text('developer').notNull(),
    standard: text('standard').notNull().default('VCS'),
    sectoralScope: integer('sectoral_scope').notNull(),
    coBenefits: jsonb('co_benefits').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.projectId] })],
);

/** VCU blocks issued by the sandbox registry; ranges of one project never overlap. */
export const registryVcuBlocks = pgTable('registry_vcu_blocks', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  projectId: text('project_id').notNull(),
  serialNumber: text('serial_number').notNull(),
  blockStart: bigint('block_start', { mode: 'bigint' }).notNull(),
  blockEnd: bigint('block_end', { mode: 'bigint' }).notNull(),
  vintageStart: date('vintage_start', { mode: 'string' }).notNull(),
  vintageEnd: date('vintage_end', { mode: 'string' }).notNull(),
  status: text('status').$type<RegistryBlockStatus>().notNull().default('issued'),
  issuanceDate: date('issuance_date', { mode: 'string' }).notNull(),
  verifier: text('verifier').notNull(),
  reference: text('reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The tenant's imported VCU blocks. An exclusion constraint in the migration keeps
 * non-released ranges of one registry project disjoint across all tenants.
 */
export const vcuBlocks = pgTable('vcu_blocks', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  importedBy: uuid('imported_by').references(() => users.id),
  registry: text('registry').$type<RegistryId>().notNull(),
  projectId: text('project_id').notNull(),
  serialNumber: text('serial_number').notNull(),
  blockStart: bigint('block_start', { mode: 'bigint' }).notNull(),
  blockEnd: bigint('block_end', { mode: 'bigint' }).notNull(),
  vintageStart: date('vintage_start', { mode: 'string' }).notNull(),
  vintageEnd: date('vintage_end', { mode: 'string' }).notNull(),
  issuanceDate: date('issuance_date', { mode: 'string' }).notNull(),
  verifier: text('verifier').notNull(),
  status: text('status').$type<VcuRecordStatus>().notNull().default('available'),
  registryReference: text('registry_reference'),
  mintReference: text('mint_reference'),
  mintAddress: text('mint_address'),
  retirementReference: text('retirement_reference'),
  splitFrom: uuid('split_from').references((): AnyPgColumn => vcuBlocks.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
