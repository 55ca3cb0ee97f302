import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { rowsOf } from '../../db/database';

/** What the activity log reads: the audit trail, one company's people or the whole tenant's. */
export interface EntryFilter {
  tenantId: string;
  /** Only entries of this company's users; undefined for the whole tenant (platform work included). */
  companyId?: string;
  userId?: string;
  actionType?: string;
  resourceType?: string;
  from?: Date;
  to?: Date;
  /** Keyset paging of the export: entries older than this id. */
  beforeId?: string;
}

export interface EntryRow {
  id: string;
  created_at: string | Date;
  action: string;
  resource_type: string;
  resource_id: string | null;
  details: Record<string, unknown> | string | null;
  ip: string | null;
  actor_user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  user_agent: string | null;
  country: string | null;
}

function conditions(filter: EntryFilter): SQL {
  const parts: SQL[] = [sql`a.tenant_id = ${filter.tenantId}`];
  if (filter.companyId) parts.push(sql`u.company_id = ${filter.companyId}`);
  if (filter.userId) parts.push(sql`a.actor_user_id = ${filter.userId}`);
  if (filter.actionType) parts.push(sql`split_part(a.action, '.', 1) = ${filter.actionType}`);
  if (filter.resourceType) parts.push(sql`a.resource_type = ${filter.resourceType}`);
  if (filter.from) parts.push(sql`a.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`a.created_at <= ${filter.to.toISOString()}::timestamptz`);
  if (filter.beforeId) parts.push(sql`a.id < ${filter.beforeId}::bigint`);
  return sql.join(parts, sql` and `);
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * Entries newest first, with who acted and where from: the security event an entry records
 * (its eventId) holds the user agent and the edge proxy's country; otherwise the request log of
 * the request that wrote it holds the user agent.
 */
export async function entries(tx: Tx, filter: EntryFilter, page: { limit: number; offset?: number }): Promise<EntryRow[]> {
  return rowsOf<EntryRow>(
    await tx.execute(sql`
      select a.id::text as id, a.created_at, a.action, a.resource_type, a.resource_id, a.details, a.ip, a.actor_user_id,
        u.first_name, u.last_name, u.email,
        coalesce(se.user_agent, rl.user_agent) as user_agent,
        coalesce(se.country, a.details->>'country') as country
      from audit_log a
      left join users u on u.id = a.actor_user_id
      left join lateral (
        select s.user_agent, s.details->>'country' as country from security_events s
        where s.id = case when a.details->>'eventId' ~ ${UUID_PATTERN} then (a.details->>'eventId')::uuid end
      ) se on true
      left join lateral (
        select r.user_agent from request_logs r where a.request_id is not null and r.request_id = a.request_id limit 1
      ) rl on true
      where ${conditions(filter)}
      order by a.id desc
      limit ${page.limit} offset ${page.offset ?? 0}`),
  );
}

export async function countEntries(tx: Tx, filter: EntryFilter): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`select count(*) as n from audit_log a left join users u on u.id = a.actor_user_id where ${conditions(filter)}`),
  );
  return Number(row?.n ?? 0);
}

export interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** The people whose activity the reader may see. */
export async function people(tx: Tx, tenantId: string, companyId: string | undefined): Promise<PersonRow[]> {
  return rowsOf<PersonRow>(
    await tx.execute(sql`
      select id, first_name, last_name, email from users
      where tenant_id = ${tenantId} ${companyId ? sql`and company_id = ${companyId}` : sql``}
      order by lower(first_name), lower(last_name), email`),
  );
}

/** The action types and resource types recorded in the reader's scope, for the filter menus. */
export async function recordedTypes(tx: Tx, filter: EntryFilter): Promise<{ actionTypes: string[]; resourceTypes: string[] }> {
  const from = sql`from audit_log a left join users u on u.id = a.actor_user_id where ${conditions(filter)}`;
  const actionTypes = rowsOf<{ t: string }>(await tx.execute(sql`select distinct split_part(a.action, '.', 1) as t ${from} order by 1`));
  const resourceTypes = rowsOf<{ t: string }>(await tx.execute(sql`select distinct a.resource_type as t ${from} order by 1`));
  return { actionTypes: actionTypes.map((row) => row.t), resourceTypes: resourceTypes.map((row) => row.t) };
}
