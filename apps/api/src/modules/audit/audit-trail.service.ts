import {
  activityParamsOf,
  AUDIT_TRAIL_CSV_HEADINGS,
  AUDIT_TRAIL_EXPORT_MAX_ROWS,
  describeActivity,
  type AuditTrailEntry,
  type AuditTrailFacets,
  type AuditTrailFilters,
  type AuditTrailList,
  type Language,
} from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { csvLine } from '../../lib/csv';
import * as repository from './audit-trail.repository';

function detailsOf(details: repository.TrailRow['details']): Record<string, unknown> {
  const record: unknown = typeof details === 'string' ? JSON.parse(details) : details;
  return record && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
}

export function toTrailEntry(row: repository.TrailRow): AuditTrailEntry {
  const name = row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim();
  const details = detailsOf(row.details);
  return {
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    actor: row.actor_user_id && row.email !== null ? { id: row.actor_user_id, name: name || row.email, email: row.email } : null,
    params: activityParamsOf(details),
    details,
    ip: row.ip,
    requestId: row.request_id,
    hash: row.hash,
    prevHash: row.prev_hash,
  };
}

/** A day `to` means up to its last instant; an instant means itself. */
function bound(value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return new Date(value);
}

/**
 * docs/product.md §6 company scope: a company's officers read what their company's people did;
 * platform administrators read the whole tenant, including what the platform did on its own.
 */
export function trailFilterFor(viewer: Actor, filters: AuditTrailFilters): repository.TrailFilter {
  return {
    tenantId: viewer.tenantId,
    companyId: companyScopeOf(viewer),
    actorId: filters.actorId,
    action: filters.action,
    resourceType: filters.resourceType,
    resourceId: filters.resourceId,
    search: filters.q,
    from: bound(filters.from, 'start'),
    to: bound(filters.to, 'end'),
  };
}

export async function listAuditTrail(db: Database, viewer: Actor, query: AuditTrailFilters & { page: number; pageSize: number }): Promise<AuditTrailList> {
  const filter = trailFilterFor(viewer, query);
  return db.withTenant(viewer.tenantId, async (tx) => {
    const rows = await repository.trailEntries(tx, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    return { items: rows.map(toTrailEntry), total: await repository.countTrailEntries(tx, filter), page: query.page, pageSize: query.pageSize };
  });
}

export async function auditTrailFacets(db: Database, viewer: Actor): Promise<AuditTrailFacets> {
  const filter = trailFilterFor(viewer, {});
  return db.withTenant(viewer.tenantId, async (tx) => {
    const people = await repository.trailPeople(tx, viewer.tenantId, filter.companyId);
    return {
      users: people.map((person) => ({ id: person.id, name: `${person.first_name} ${person.last_name}`.trim() || person.email, email: person.email })),
      ...(await repository.trailRecordedTypes(tx, filter)),
    };
  });
}

/** Rows read per transaction: a connection is never held for the whole download. */
const PAGE_SIZE = 500;

/**
 * The filtered trail as CSV in the reader's language, newest first, at most
 * AUDIT_TRAIL_EXPORT_MAX_ROWS entries, produced a page at a time as the download is sent; each
 * row with its sentence, the recorded details and the entry's hashes, so the chain can be
 * checked from the file. Starts with a byte-order mark for spreadsheets.
 */
export async function* auditTrailCsv(db: Database, viewer: Actor, filters: AuditTrailFilters, language: Language): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(AUDIT_TRAIL_CSV_HEADINGS[language])}`;
  const filter = trailFilterFor(viewer, filters);
  let written = 0;
  while (written < AUDIT_TRAIL_EXPORT_MAX_ROWS) {
    const limit = Math.min(PAGE_SIZE, AUDIT_TRAIL_EXPORT_MAX_ROWS - written);
    const rows = await db.withTenant(viewer.tenantId, (tx) => repository.trailEntries(tx, filter, { limit }));
    let chunk = '';
    for (const entry of rows.map(toTrailEntry)) {
      chunk += csvLine([
        entry.id,
        entry.at,
        entry.actor?.name ?? null,
        entry.actor?.email ?? null,
        describeActivity(entry, language),
        entry.action,
        entry.resourceType,
        entry.resourceId,
        entry.ip,
        entry.requestId,
        JSON.stringify(entry.details),
        entry.hash,
        entry.prevHash,
      ]);
    }
    if (chunk) yield chunk;
    written += rows.length;
    if (rows.length < limit) return;
    filter.beforeId = rows.at(-1)!.id;
  }
}
