import { transactionViewSchema, type DataExportSection } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { actorOfRow, auditLogRowPages, detailsOf } from '../audit';
import { complianceProfile, type ComplianceDeps } from '../compliance';
import { companyTransactionPages, type TransactionsDeps } from '../transactions';
import type { ExportRecord, ExportSection } from './data-exports.format';
import * as repository from './data-exports.repository';

/** Records read per page (and per short transaction). */
const PAGE_SIZE = 500;
/** The most audit entries one export holds, as the audit trail's CSV download. */
const AUDIT_MAX_ROWS = 1_000_000;

export interface ExportSourceDeps {
  db: Database;
  transactions: TransactionsDeps;
  compliance: ComplianceDeps;
}

const USER_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'role',
  'status',
  'verified',
  'phone',
  'jobTitle',
  'department',
  'companyId',
  'companyName',
  'lastLoginAt',
  'createdAt',
] as const;
const TRANSACTION_COLUMNS = ['companyId', ...Object.keys(transactionViewSchema.shape)];
const COMPLIANCE_COLUMNS = [
  'companyId',
  'companyName',
  'kycStatus',
  'kycTier',
  'dailyLimit',
  'monthlyLimit',
  'daily',
  'monthly',
  'riskLevel',
  'score',
  'checklist',
  'documents',
  'tokenAccounts',
  'updatedAt',
  'updatedBy',
] as const;
const AUDIT_COLUMNS = [
  'id',
  'createdAt',
  'action',
  'resourceType',
  'resourceId',
  'actorUserId',
  'actorEmail',
  'actorName',
  'ip',
  'country',
  'userAgent',
  'requestId',
  'details',
  'hash',
  'prevHash',
] as const;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** docs/product.md §6 company scope: the reader's company, or every company of the tenant for platform administrators. */
async function* usersPages(deps: ExportSourceDeps, reader: Actor): AsyncGenerator<ExportRecord[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await deps.db.withTenant(reader.tenantId, (tx) => repository.usersPage(tx, companyScopeOf(reader), after, PAGE_SIZE));
    if (rows.length > 0) yield rows.map((row) => ({ ...row, lastLoginAt: iso(row.lastLoginAt), createdAt: iso(row.createdAt) }));
    if (rows.length < PAGE_SIZE) return;
    after = rows.at(-1)!.id;
  }
}

function companiesOf(deps: ExportSourceDeps, reader: Actor) {
  return deps.db.withTenant(reader.tenantId, (tx) => repository.companiesInScope(tx, companyScopeOf(reader)));
}

/**
 * Each company's transactions as its list shows them (database records and the chain history),
 * read by the transactions module in keyset chunks: a long history is never held whole.
 */
async function* transactionPages(deps: ExportSourceDeps, reader: Actor): AsyncGenerator<ExportRecord[]> {
  for (const company of await companiesOf(deps, reader)) {
    for await (const items of companyTransactionPages(deps.transactions, reader, company.id)) yield items.map((item) => ({ companyId: company.id, ...item }));
  }
}

/** Each company's compliance profile (KYC tier, limits, volumes, checklist, documents), one record per company. */
async function* compliancePages(deps: ExportSourceDeps, reader: Actor): AsyncGenerator<ExportRecord[]> {
  for (const company of await companiesOf(deps, reader)) {
    const profile = await complianceProfile(deps.compliance, { actor: reader, permissions: [] }, company.id);
    yield [Object.fromEntries(COMPLIANCE_COLUMNS.map((column) => [column, profile[column]]))];
  }
}

/** The audit trail in the reader's scope (the audit module's reading), newest first. */
async function* auditPages(deps: ExportSourceDeps, reader: Actor): AsyncGenerator<ExportRecord[]> {
  for await (const rows of auditLogRowPages(deps.db, reader, {}, AUDIT_MAX_ROWS)) {
    yield rows.map((row) => {
      const actor = actorOfRow(row);
      return {
        id: row.id,
        createdAt: iso(row.created_at),
        action: row.action,
        resourceType: row.resource_type,
        resourceId: row.resource_id,
        actorUserId: row.actor_user_id,
        actorEmail: actor?.email ?? null,
        actorName: actor?.name ?? null,
        ip: row.ip,
        country: row.country,
        userAgent: row.user_agent,
        requestId: row.request_id,
        details: detailsOf(row.details),
        hash: row.hash,
        prevHash: row.prev_hash,
      };
    });
  }
}

export function exportSection(deps: ExportSourceDeps, reader: Actor, name: DataExportSection): ExportSection {
  if (name === 'users') return { name, columns: USER_COLUMNS, pages: usersPages(deps, reader) };
  if (name === 'transactions') return { name, columns: TRANSACTION_COLUMNS, pages: transactionPages(deps, reader) };
  if (name === 'compliance') return { name, columns: COMPLIANCE_COLUMNS, pages: compliancePages(deps, reader) };
  return { name, columns: AUDIT_COLUMNS, pages: auditPages(deps, reader) };
}
