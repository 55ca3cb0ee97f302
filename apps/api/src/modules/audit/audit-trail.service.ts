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
import type { Actor } from '../../lib/actor';
import {
  actorOfRow,
  auditLogCsv,
  auditLogFacets,
  auditLogWindowedPage,
  dayBound,
  detailsOf,
  type AuditLogNarrowing,
  type AuditLogRow,
} from './audit-log.reading';

export function toTrailEntry(row: AuditLogRow): AuditTrailEntry {
  const details = detailsOf(row.details);
  return {
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    actor: actorOfRow(row),
    params: activityParamsOf(details),
    details,
    ip: row.ip,
    requestId: row.request_id,
    hash: row.hash,
    prevHash: row.prev_hash,
  };
}

function narrowingOf(filters: AuditTrailFilters): AuditLogNarrowing {
  return {
    actorId: filters.actorId,
    action: filters.action,
    resourceType: filters.resourceType,
    resourceId: filters.resourceId,
    search: filters.q,
    from: dayBound(filters.from, 'start'),
    to: dayBound(filters.to, 'end'),
  };
}

export function listAuditTrail(db: Database, viewer: Actor, query: AuditTrailFilters & { page: number; pageSize: number }): Promise<AuditTrailList> {
  return auditLogWindowedPage(db, viewer, narrowingOf(query), query, toTrailEntry);
}

export async function auditTrailFacets(db: Database, viewer: Actor): Promise<AuditTrailFacets> {
  return auditLogFacets(db, viewer);
}

/** Each row with its sentence, the recorded details and the entry's hashes, so the chain can be checked from the file. */
export function auditTrailCsv(db: Database, viewer: Actor, filters: AuditTrailFilters, language: Language): AsyncGenerator<string> {
  return auditLogCsv(db, viewer, narrowingOf(filters), {
    headings: AUDIT_TRAIL_CSV_HEADINGS[language],
    maxRows: AUDIT_TRAIL_EXPORT_MAX_ROWS,
    cells: (row) => {
      const entry = toTrailEntry(row);
      return [
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
      ];
    },
  });
}
