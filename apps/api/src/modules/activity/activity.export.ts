import { ACTIVITY_CSV_HEADINGS, ACTIVITY_EXPORT_MAX_ROWS, describeActivity, type ActivityFilters, type Language } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { csvLine } from '../../lib/csv';
import * as repository from './activity.repository';
import { filterFor, toEntry } from './activity.service';

/** Rows read per transaction: a connection is never held for the whole download. */
const PAGE_SIZE = 500;

/**
 * The filtered activity as CSV in the reader's language, newest first, at most
 * ACTIVITY_EXPORT_MAX_ROWS entries, produced a page at a time as the download is sent. Starts
 * with a byte-order mark so that spreadsheets read the accented sentences as UTF-8.
 */
export async function* activityCsv(db: Database, viewer: Actor, filters: ActivityFilters, language: Language): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(ACTIVITY_CSV_HEADINGS[language])}`;
  const filter = filterFor(viewer, filters);
  let written = 0;
  while (written < ACTIVITY_EXPORT_MAX_ROWS) {
    const limit = Math.min(PAGE_SIZE, ACTIVITY_EXPORT_MAX_ROWS - written);
    const rows = await db.withTenant(viewer.tenantId, (tx) => repository.entries(tx, filter, { limit }));
    let chunk = '';
    for (const entry of rows.map(toEntry)) {
      chunk += csvLine([
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
      ]);
    }
    if (chunk) yield chunk;
    written += rows.length;
    if (rows.length < limit) return;
    filter.beforeId = rows.at(-1)!.id;
  }
}
