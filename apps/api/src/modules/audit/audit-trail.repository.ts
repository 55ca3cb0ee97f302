import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { rowsOf } from '../../db/database';

/** What the audit trail screen reads: one company's people's entries, or the whole tenant's. */
export interface TrailFilter {
  tenantId: string;
  /** Only entries of this company's users; undefined for the whole tenant (platform work included). */
  companyId?: string;
  actorId?: string;
  /** An action type (`wallet`) or one action (`wallet.approved`). */
  action?: string;
  resourceType?: string;
  resourceId?: string;
  search?: string;
  from?: Date;
  to?: Date;
  /** Keyset paging of the export: entries older than this id. */
  beforeId?: string;
}

export interface TrailRow {
  id: string;
  created_at: string | Date;
  action: string;
  resource_type: string;
  resource_id: string | null;
  details: Record<string, unknown> | string | null;
  ip: string | null;
  request_id: string | null;
  hash: string;
  prev_hash: string;
  actor_user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** A LIKE pattern that finds the text anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

function conditions(filter: TrailFilter): SQL {
  const parts: SQL[] = [sql`a.tenant_id = ${filter.tenantId}`];
  if (filter.companyId) parts.push(sql`u.company_id = ${filter.companyId}`);
  if (filter.actorId) parts.push(sql`a.actor_user_id = ${filter.actorId}`);
  if (filter.action) parts.push(filter.action.includes('.') ? sql`a.action = ${filter.action}` : sql`split_part(a.action, '.', 1) = ${filter.action}`);
  if (filter.resourceType) parts.push(sql`a.resource_type = ${filter.resourceType}`);
  if (filter.resourceId) parts.push(sql`a.resource_id = ${filter.resourceId}`);
  if (filter.search) {
    const pattern = containing(filter.search);
    parts.push(sql`(a.action ilike ${pattern} or a.resource_type ilike ${pattern} or a.resource_id ilike ${pattern} or a.request_id ilike ${pattern}
      or u.email ilike ${pattern} or (u.first_name || ' ' || u.last_name) ilike ${pattern} or a.details::text ilike ${pattern})`);
  }
  if (filter.from) parts.push(sql`a.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`a.created_at <= ${filter.to.toISOString()}::timestamptz`);
  if (filter.beforeId) parts.push(sql`a.id < ${filter.beforeId}::bigint`);
  return sql.join(parts, sql` and `);
}

/** Entries newest first, with who acted. */
export async function trailEntries(tx: Tx, filter: TrailFilter, page: { limit: number; offset?: number }): Promise<TrailRow[]> {
  return rowsOf<TrailRow>(
    await tx.execute(sql`
      select a.id::text as id, a.created_at, a.action, a.resource_type, a.resource_id, a.details, a.ip, a.request_id, a.hash, a.prev_hash,
        a.actor_user_id, u.first_name, u.last_name, u.email
      from audit_log a
      left join users u on u.id = a.actor_user_id
      where ${conditions(filter)}
      order by a.id desc
      limit ${page.limit} offset ${page.offset ?? 0}`),
  );
}

export async function countTrailEntries(tx: Tx, filter: TrailFilter): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`select count(*) as n from audit_log a left join users u on u.id = a.actor_user_id where ${conditions(filter)}`),
  );
  return Number(row?.n ?? 0);
}

export interface TrailPersonRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** The people whose entries the reader may see. */
export async function trailPeople(tx: Tx, tenantId: string, companyId: string | undefined): Promise<TrailPersonRow[]> {
  return rowsOf<TrailPersonRow>(
    await tx.execute(sql`
      select id, first_name, last_name, email from users
      where tenant_id = ${tenantId} ${companyId ? sql`and company_id = ${companyId}` : sql``}
      order by lower(first_name), lower(last_name), email`),
  );
}

/** The actions and entity types recorded in the reader's scope, for the filter menus. */
export async function trailRecordedTypes(tx: Tx, filter: TrailFilter): Promise<{ actions: string[]; resourceTypes: string[] }> {
  const from = sql`from audit_log a left join users u on u.id = a.actor_user_id where ${conditions(filter)}`;
  const actions = rowsOf<{ t: string }>(await tx.execute(sql`select distinct a.action as t ${from} order by 1`));
  const resourceTypes = rowsOf<{ t: string }>(await tx.execute(sql`select distinct a.resource_type as t ${from} order by 1`));
  return { actions: actions.map((row) => row.t), resourceTypes: resourceTypes.map((row) => row.t) };
}
