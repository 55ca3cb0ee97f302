import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { rowsOf } from '../../db/database';

/** What a reader of the audit log asks for: one company's people's entries, or the whole tenant's. */
export interface AuditLogFilter {
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
  /** Keyset paging of the exports: entries older than this id. */
  beforeId?: string;
}

export interface AuditLogRow {
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
  user_agent: string | null;
  country: string | null;
}

/** A LIKE pattern that finds the text anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

function conditions(filter: AuditLogFilter): SQL {
  const parts: SQL[] = [sql`a.tenant_id = ${filter.tenantId}`];
  // The company's people as a list of ids, not a condition on the joined user: the planner then
  // estimates the share of entries from the log's own statistics of actors, and reads a page in id
  // order, rather than trusting a small users table's statistics (often never gathered) and
  // sorting all the company's entries (docs/lists.md).
  if (filter.companyId) parts.push(sql`a.actor_user_id = any(array(select id from users where company_id = ${filter.companyId}))`);
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

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * Entries newest first, with who acted and where from: the security event an entry records
 * (its eventId) holds the user agent and the edge proxy's country; otherwise the request log of
 * the request that wrote it holds the user agent. The page's ids are chosen first, so that those
 * two look-ups run for the page's entries only, not for every entry the filter matches.
 */
export async function auditLogEntries(tx: Tx, filter: AuditLogFilter, page: { limit: number; offset?: number }): Promise<AuditLogRow[]> {
  return rowsOf<AuditLogRow>(
    await tx.execute(sql`
      with page as (
        select a.id from audit_log a left join users u on u.id = a.actor_user_id
        where ${conditions(filter)}
        order by a.id desc
        limit ${page.limit} offset ${page.offset ?? 0}
      )
      select a.id::text as id, a.created_at, a.action, a.resource_type, a.resource_id, a.details, a.ip, a.request_id, a.hash, a.prev_hash,
        a.actor_user_id, u.first_name, u.last_name, u.email,
        coalesce(se.user_agent, rl.user_agent) as user_agent,
        coalesce(se.country, a.details->>'country') as country
      from page
      join audit_log a on a.id = page.id
      left join users u on u.id = a.actor_user_id
      left join lateral (
        select s.user_agent, s.details->>'country' as country from security_events s
        where s.id = case when a.details->>'eventId' ~ ${UUID_PATTERN} then (a.details->>'eventId')::uuid end
      ) se on true
      left join lateral (
        select r.user_agent from request_logs r where a.request_id is not null and r.request_id = a.request_id limit 1
      ) rl on true
      order by a.id desc`),
  );
}

/** How many entries match, counted up to `countLimit` when one is given (docs/lists.md). */
export async function countAuditLogEntries(tx: Tx, filter: AuditLogFilter, countLimit?: number): Promise<number> {
  const limit = countLimit === undefined ? sql`` : sql`limit ${countLimit}`;
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(
      sql`select count(*) as n from (select 1 from audit_log a left join users u on u.id = a.actor_user_id where ${conditions(filter)} ${limit}) matching`,
    ),
  );
  return Number(row?.n ?? 0);
}

export interface AuditLogPersonRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** The people whose entries the reader may see. */
export async function auditLogPeople(tx: Tx, tenantId: string, companyId: string | undefined): Promise<AuditLogPersonRow[]> {
  return rowsOf<AuditLogPersonRow>(
    await tx.execute(sql`
      select id, first_name, last_name, email from users
      where tenant_id = ${tenantId} ${companyId ? sql`and company_id = ${companyId}` : sql``}
      order by lower(first_name), lower(last_name), email`),
  );
}

/** The actions and entity types recorded in the reader's scope, for the filter menus. */
export async function auditLogRecordedTypes(tx: Tx, filter: AuditLogFilter): Promise<{ actions: string[]; resourceTypes: string[] }> {
  const from = sql`from audit_log a left join users u on u.id = a.actor_user_id where ${conditions(filter)}`;
  const actions = rowsOf<{ t: string }>(await tx.execute(sql`select distinct a.action as t ${from} order by 1`));
  const resourceTypes = rowsOf<{ t: string }>(await tx.execute(sql`select distinct a.resource_type as t ${from} order by 1`));
  return { actions: actions.map((row) => row.t), resourceTypes: resourceTypes.map((row) => row.t) };
}
