import { activityParamsOf, type TeamActivityEntry, type ActivityFacets, type ActivityFilters, type ActivityList } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { describeDevice } from '../sessions';
import * as repository from './activity.repository';

export function toEntry(row: repository.EntryRow): TeamActivityEntry {
  const name = row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim();
  return {
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    actor: row.actor_user_id && row.email !== null ? { id: row.actor_user_id, name: name ?? row.email, email: row.email } : null,
    params: activityParamsOf(row.details),
    ip: row.ip,
    location: row.country,
    device: row.user_agent ? describeDevice(row.user_agent) : null,
  };
}

/** A day `to` means up to its last instant; an instant means itself. */
function bound(value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return new Date(value);
}

/**
 * docs/product.md §6 company scope: a manager reads what their company's people did; platform
 * administrators read the whole tenant, including what the platform did on its own.
 */
export function filterFor(viewer: Actor, filters: ActivityFilters): repository.EntryFilter {
  return {
    tenantId: viewer.tenantId,
    companyId: companyScopeOf(viewer),
    userId: filters.userId,
    actionType: filters.actionType,
    resourceType: filters.resourceType,
    from: bound(filters.from, 'start'),
    to: bound(filters.to, 'end'),
  };
}

export async function listActivity(db: Database, viewer: Actor, query: ActivityFilters & { page: number; pageSize: number }): Promise<ActivityList> {
  const filter = filterFor(viewer, query);
  return db.withTenant(viewer.tenantId, async (tx) => {
    const rows = await repository.entries(tx, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    return { items: rows.map(toEntry), total: await repository.countEntries(tx, filter), page: query.page, pageSize: query.pageSize };
  });
}

export async function activityFacets(db: Database, viewer: Actor): Promise<ActivityFacets> {
  const filter = filterFor(viewer, {});
  return db.withTenant(viewer.tenantId, async (tx) => {
    const people = await repository.people(tx, viewer.tenantId, filter.companyId);
    return {
      users: people.map((person) => ({ id: person.id, name: `${person.first_name} ${person.last_name}`.trim() || person.email, email: person.email })),
      ...(await repository.recordedTypes(tx, filter)),
    };
  });
}
