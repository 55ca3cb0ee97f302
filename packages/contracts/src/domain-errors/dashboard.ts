import { dashboardTexts } from '../dashboard';
import { domainError } from './define';

/** The dashboard's refusals (docs/product.md §2 personalisable dashboard). */
export const dashboardErrors = {
  /** The layout places a widget the user's role may not see (the tenant-wide operations figures). */
  DASHBOARD__WIDGET_NOT_ALLOWED: domainError('ACCESS_DENIED', dashboardTexts.widgetNotAllowed),
} as const;
