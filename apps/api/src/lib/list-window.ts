import { LIST_COUNT_CAP } from '@carbonledger/contracts';

/**
 * The windowed lists (docs/lists.md) count at most one row past the cap: enough to tell
 * "exactly the cap" from "more than the cap" without reading every matching row.
 */
export const LIST_COUNT_LIMIT = LIST_COUNT_CAP + 1;

/** What a windowed list answers for `matching` rows counted up to LIST_COUNT_LIMIT. */
export function windowedTotal(matching: number): { total: number; totalCapped: boolean } {
  return matching > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, totalCapped: true } : { total: matching, totalCapped: false };
}

/** The rows a page asks for. */
export function pageRows(query: { page: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}
