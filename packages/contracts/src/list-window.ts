import { z } from 'zod';

/**
 * The counting window of the long lists: transactions, retirements, certificates and the audit trail
 * (docs/lists.md). A list counts at most this many matching rows and pages only within them;
 * past it the answer says "more than" and the reader narrows with filters or exports.
 */
export const LIST_COUNT_CAP = 10_000;

export const listWindowTexts = {
  pageBeyondWindow: `Only the first ${LIST_COUNT_CAP.toLocaleString('en-US')} matching results can be paged through: narrow the list with filters, or export it.`,
} as const;

/** A page that ends within the window. */
export function pageWithinListWindow(query: { page: number; pageSize: number }): boolean {
  return query.page * query.pageSize <= LIST_COUNT_CAP;
}

/** How a windowed list query refuses a page beyond the window: a validation error on `page`. */
export const pageBeyondListWindowIssue = { message: listWindowTexts.pageBeyondWindow, path: ['page'] };

/** The count a windowed list answers: `total` is at most LIST_COUNT_CAP, and `totalCapped` says more rows match. */
export const cappedTotalFields = {
  total: z.number().int().nonnegative(),
  /** True when more than LIST_COUNT_CAP rows match: `total` is then the cap, not the count. */
  totalCapped: z.boolean(),
};
