import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { csvLine } from '../../lib/csv';
import { LIST_COUNT_LIMIT, pageRows, windowedTotal } from '../../lib/list-window';
import * as repository from './audit-log.repository';

/**
 * Reading the audit log for people: the audit trail (/audit-trail) and the team activity log
 * (/team/activity) are two views of the same entries, with the same scope, paging, filter
 * menus and streamed CSV export; each view only chooses its filters, its item shape and its
 * CSV columns.
 */
export type AuditLogRow = repository.AuditLogRow;
export type AuditLogNarrowing = Omit<repository.AuditLogFilter, 'tenantId' | 'companyId' | 'beforeId'>;

/** A day `to` means up to its last instant; an instant means itself. */
export function dayBound(value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return new Date(value);
}

/**
 * docs/product.md §6 company scope: a company's people read what their company's people did;
 * platform administrators read the whole tenant, including what the platform did on its own.
 */
function scopedFilter(viewer: Actor, narrowing: AuditLogNarrowing): repository.AuditLogFilter {
  return { ...narrowing, tenantId: viewer.tenantId, companyId: companyScopeOf(viewer) };
}

/** Who acted, as the screens name them; null for work the platform did on its own. */
export function actorOfRow(row: AuditLogRow): { id: string; name: string; email: string } | null {
  if (!row.actor_user_id || row.email === null) return null;
  const name = row.first_name === null ? '' : `${row.first_name} ${row.last_name ?? ''}`.trim();
  return { id: row.actor_user_id, name: name || row.email, email: row.email };
}

/** The recorded details as an object (PGlite and node-postgres hand jsonb back differently). */
export function detailsOf(details: AuditLogRow['details']): Record<string, unknown> {
  const record: unknown = typeof details === 'string' ? JSON.parse(details) : details;
  return record && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
}

async function readPage<Item>(
  db: Database,
  viewer: Actor,
  narrowing: AuditLogNarrowing,
  page: { page: number; pageSize: number },
  toItem: (row: AuditLogRow) => Item,
  countLimit: number | undefined,
): Promise<{ items: Item[]; matching: number }> {
  const filter = scopedFilter(viewer, narrowing);
  return db.withTenant(viewer.tenantId, async (tx) => {
    const rows = await repository.auditLogEntries(tx, filter, pageRows(page));
    return { items: rows.map(toItem), matching: await repository.countAuditLogEntries(tx, filter, countLimit) };
  });
}

/** A page of entries with the exact count of those that match (the team activity log). */
export async function auditLogPage<Item>(
  db: Database,
  viewer: Actor,
  narrowing: AuditLogNarrowing,
  page: { page: number; pageSize: number },
  toItem: (row: AuditLogRow) => Item,
): Promise<{ items: Item[]; total: number; page: number; pageSize: number }> {
  const { items, matching } = await readPage(db, viewer, narrowing, page, toItem, undefined);
  return { items, total: matching, page: page.page, pageSize: page.pageSize };
}

/** A page of entries counted within the list window (the audit trail, docs/lists.md). */
export async function auditLogWindowedPage<Item>(
  db: Database,
  viewer: Actor,
  narrowing: AuditLogNarrowing,
  page: { page: number; pageSize: number },
  toItem: (row: AuditLogRow) => Item,
): Promise<{ items: Item[]; total: number; totalCapped: boolean; page: number; pageSize: number }> {
  const { items, matching } = await readPage(db, viewer, narrowing, page, toItem, LIST_COUNT_LIMIT);
  return { items, ...windowedTotal(matching), page: page.page, pageSize: page.pageSize };
}

/** The people the reader may see and the actions and entity types recorded for them: the filter menus. */
export async function auditLogFacets(db: Database, viewer: Actor) {
  const filter = scopedFilter(viewer, {});
  return db.withTenant(viewer.tenantId, async (tx) => {
    const people = await repository.auditLogPeople(tx, viewer.tenantId, filter.companyId);
    return {
      users: people.map((person) => ({ id: person.id, name: `${person.first_name} ${person.last_name}`.trim() || person.email, email: person.email })),
      ...(await repository.auditLogRecordedTypes(tx, filter)),
    };
  });
}

/** Rows read per transaction: a connection is never held for the whole download. */
const EXPORT_PAGE_SIZE = 500;

/**
 * The filtered entries, newest first, at most `maxRows`, a page at a time (keyset on the id, one
 * short transaction per page): the CSV download and the data export (modules/data-exports) read
 * the log this way, so neither holds a connection or the whole log.
 */
export async function* auditLogRowPages(db: Database, viewer: Actor, narrowing: AuditLogNarrowing, maxRows: number): AsyncGenerator<AuditLogRow[]> {
  const filter = scopedFilter(viewer, narrowing);
  let written = 0;
  while (written < maxRows) {
    const limit = Math.min(EXPORT_PAGE_SIZE, maxRows - written);
    const rows = await db.withTenant(viewer.tenantId, (tx) => repository.auditLogEntries(tx, filter, { limit }));
    if (rows.length > 0) yield rows;
    written += rows.length;
    if (rows.length < limit) return;
    filter.beforeId = rows.at(-1)!.id;
  }
}

/**
 * The filtered entries as CSV, newest first, at most `maxRows`, produced a page at a time as
 * the download is sent. Starts with a byte-order mark so that spreadsheets read accented
 * sentences as UTF-8.
 */
export async function* auditLogCsv(
  db: Database,
  viewer: Actor,
  narrowing: AuditLogNarrowing,
  csv: { headings: readonly string[]; maxRows: number; cells: (row: AuditLogRow) => readonly (string | number | null)[] },
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(csv.headings)}`;
  for await (const rows of auditLogRowPages(db, viewer, narrowing, csv.maxRows)) yield rows.map((row) => csvLine(csv.cells(row))).join('');
}
