import { bigint, date, integer, jsonb, numeric, pgTable, primaryKey, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  ProjectType,
  RegistryBlockStatus,
  RegistryId,
  RegistryImportRow,
  RegistrySyncRun,
  RegistrySyncStatus,
  VcuRecordStatus,
} from '@carbonledger/contracts';
import { companies } from './foundation';
import { at, companyId, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';

/** Sandbox registry projects (embedded mode), one set per tenant. */
export const registryProjects = pgTable(
  'registry_projects',
  {
    tenantId: tenantId(),
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
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.projectId] })],
);

/** VCU blocks issued by the sandbox registry; ranges of one project never overlap. */
export const registryVcuBlocks = pgTable('registry_vcu_blocks', {
  id: generatedId(),
  tenantId: tenantId(),
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The tenant's imported VCU blocks. An exclusion constraint in the migration keeps
 * non-released ranges of one registry project disjoint across all tenants.
 */
export const vcuBlocks = pgTable('vcu_blocks', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  importedBy: userRef('imported_by'),
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
  /** The registry import that recorded the block (migration 0030). */
  importId: uuid('import_id').references((): AnyPgColumn => registryImports.id),
  /** Set when the registry already reported the block retired when it was imported. */
  retiredOn: date('retired_on', { mode: 'string' }),
  retirementBeneficiary: text('retirement_beneficiary'),
  retirementReason: text('retirement_reason'),
  retirementDetails: text('retirement_details'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Imports of Verra registry CSV exports, with the report of every line (docs/product.md §2 /registry). */
export const registryImports = pgTable('registry_imports', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  importedBy: userRef('imported_by'),
  registry: text('registry').$type<RegistryId>().notNull(),
  fileName: text('file_name'),
  sha256: text('sha256').notNull(),
  rowCount: integer('row_count').notNull(),
  imported: integer('imported').notNull(),
  retired: integer('retired').notNull(),
  unchanged: integer('unchanged').notNull(),
  invalid: integer('invalid').notNull(),
  projectsCreated: integer('projects_created').notNull(),
  importedUnits: numeric('imported_units', { precision: 20, scale: 0 }).notNull(),
  rows: jsonb('rows').$type<RegistryImportRow[]>().notNull(),
  createdAt: createdAt(),
});

/** Sync runs: the holdings checked against the registry, with their progress. */
export const registrySyncRuns = pgTable('registry_sync_runs', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: uuid('company_id').references(() => companies.id),
  requestedBy: userRef('requested_by'),
  registry: text('registry').$type<RegistryId>().notNull(),
  status: text('status').$type<RegistrySyncStatus>().notNull().default('running'),
  total: integer('total').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  mismatches: jsonb('mismatches').$type<RegistrySyncRun['mismatches']>().notNull().default([]),
  error: text('error'),
  startedAt: at('started_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});
