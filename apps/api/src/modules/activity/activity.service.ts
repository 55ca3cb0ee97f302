import {
  activityParamsOf,
  ACTIVITY_CSV_HEADINGS,
  ACTIVITY_EXPORT_MAX_ROWS,
  describeActivity,
  type ActivityFacets,
  type ActivityFilters,
  type ActivityList,
  type Language,
  type TeamActivityEntry,
} from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { actorOfRow, auditLogCsv, auditLogFacets, auditLogPage, dayBound, type AuditLogNarrowing, type AuditLogRow } from '../audit';
import { describeDevice } from '../sessions';

/** The team activity log: the audit log's entries with who acted, where from and on which device. */
function toEntry(row: AuditLogRow): TeamActivityEntry {
  return {
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    actor: actorOfRow(row),
    params: activityParamsOf(row.details),
    ip: row.ip,
    location: row.country,
    device: row.user_agent ? describeDevice(row.user_agent) : null,
  };
}

/** The activity filter's action type (`wallet`) has no dot, so the log reads it as a type, never one action. */
function narrowingOf(filters: ActivityFilters): AuditLogNarrowing {
  return {
    actorId: filters.userId,
    action: filters.actionType,
    resourceType: filters.resourceType,
    from: dayBound(filters.from, 'start'),
    to: dayBound(filters.to, 'end'),
  };
}

export function listActivity(db: Database, viewer: Actor, query: ActivityFilters & { page: number; pageSize: number }): Promise<ActivityList> {
  return auditLogPage(db, viewer, narrowingOf(query), query, toEntry);
}

export async function activityFacets(db: Database, viewer: Actor): Promise<ActivityFacets> {
  const { users, actions, resourceTypes } = await auditLogFacets(db, viewer);
  return { users, actionTypes: [...new Set(actions.map((action) => action.split('.')[0]!))].sort(), resourceTypes };
}

export function activityCsv(db: Database, viewer: Actor, filters: ActivityFilters, language: Language): AsyncGenerator<string> {
  return auditLogCsv(db, viewer, narrowingOf(filters), {
    headings: ACTIVITY_CSV_HEADINGS[language],
    maxRows: ACTIVITY_EXPORT_MAX_ROWS,
    cells: (row) => {
      const entry = toEntry(row);
      return [
        entry.at,
        entry.actor?.name ?? null,
        entry.actor?.email ?? null,
        describeActivity(entry, language),
        entry.action,
        entry.resourceType,
        entry.resourceId,
        entry.ip,
        entry.location,
        entry.device,
      ];
    },
  });
}
