import { z } from 'zod';
import { activityParamsSchema } from './activity';
import type { Role } from './roles';

export const pendingActionSchema = z.object({
  id: z.string(),
  kind: z.enum(['wallet_approval', 'kyc', 'approval', 'security_alert', 'mfa_setup', 'wallet_setup']),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  createdAt: z.string(),
});
export type PendingAction = z.infer<typeof pendingActionSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.string().nullable(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  /** The recorded details the entry's sentence names (describeActivity). */
  params: activityParamsSchema,
  timestamp: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const dashboardSummarySchema = z.object({
  pendingActions: z.array(pendingActionSchema),
  recentActivity: z.array(activityEntrySchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * docs/product.md §2 personalisable dashboard: the widgets a user may place. The SPEC's widgets
 * (the carbon price one is the market feature's) share one catalogue and one grid.
 */
export const DASHBOARD_WIDGET_IDS = [
  'welcome',
  'system-health',
  'carbon-price',
  'daily-volume',
  'alerts',
  'quick-actions',
  'pending-actions',
  'activity-log',
  'idempotency-metrics',
  'advanced-metrics',
] as const;
export const dashboardWidgetIdSchema = z.enum(DASHBOARD_WIDGET_IDS);
export type DashboardWidgetId = z.infer<typeof dashboardWidgetIdSchema>;

/** The grid is 12 columns wide; a widget is 2–12 columns by 2–12 rows of 80 px. */
export const DASHBOARD_GRID = { columns: 12, minWidth: 2, minHeight: 2, maxHeight: 12 } as const;

/**
 * Widgets over the whole tenant's operations (the System Metrics figures, every idempotency
 * key) are for platform administrators only; the rest follow the user's own data.
 */
export const DASHBOARD_WIDGET_ROLES: Partial<Record<DashboardWidgetId, readonly Role[]>> = {
  'idempotency-metrics': ['SUPER_ADMIN', 'ADMIN'],
  'advanced-metrics': ['SUPER_ADMIN', 'ADMIN'],
};

export function mayPlaceWidget(role: Role, widget: DashboardWidgetId): boolean {
  const roles = DASHBOARD_WIDGET_ROLES[widget];
  return !roles || roles.includes(role);
}

export const dashboardLayoutItemSchema = z
  .object({
    widget: dashboardWidgetIdSchema,
    x: z
      .number()
      .int()
      .min(0)
      .max(DASHBOARD_GRID.columns - DASHBOARD_GRID.minWidth),
    y: z.number().int().min(0).max(1000),
    w: z.number().int().min(DASHBOARD_GRID.minWidth).max(DASHBOARD_GRID.columns),
    h: z.number().int().min(DASHBOARD_GRID.minHeight).max(DASHBOARD_GRID.maxHeight),
  })
  .refine((item) => item.x + item.w <= DASHBOARD_GRID.columns, { message: 'The widget does not fit in the 12 columns', path: ['w'] });
export type DashboardLayoutItem = z.infer<typeof dashboardLayoutItemSchema>;

/** PUT /dashboard/layout: each widget at most once. */
export const dashboardLayoutInput = z.object({
  items: z
    .array(dashboardLayoutItemSchema)
    .max(DASHBOARD_WIDGET_IDS.length)
    .refine((items) => new Set(items.map((item) => item.widget)).size === items.length, { message: 'A widget is placed only once' }),
});
export type DashboardLayoutInput = z.infer<typeof dashboardLayoutInput>;

/** GET /dashboard/layout: the user's saved layout, or the default for their role (`saved` false). */
export const dashboardLayoutSchema = dashboardLayoutInput.extend({ saved: z.boolean(), updatedAt: z.string().nullable() });
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

/**
 * The carbon price is in the catalogue but not in the default: the market section below the grid
 * already shows it, and a user who wants it among their widgets places it there.
 */
const DEFAULT_LAYOUT: readonly DashboardLayoutItem[] = [
  { widget: 'welcome', x: 0, y: 0, w: 8, h: 2 },
  { widget: 'system-health', x: 8, y: 0, w: 4, h: 4 },
  { widget: 'quick-actions', x: 0, y: 2, w: 8, h: 3 },
  { widget: 'alerts', x: 8, y: 4, w: 4, h: 4 },
  { widget: 'pending-actions', x: 0, y: 5, w: 6, h: 4 },
  { widget: 'activity-log', x: 6, y: 8, w: 6, h: 5 },
  { widget: 'daily-volume', x: 0, y: 9, w: 6, h: 5 },
  { widget: 'idempotency-metrics', x: 0, y: 14, w: 6, h: 4 },
  { widget: 'advanced-metrics', x: 6, y: 13, w: 6, h: 4 },
];

/** The layout a user starts with (and gets back on "reset to default"): only widgets their role may see. */
export function defaultDashboardLayout(role: Role): DashboardLayoutItem[] {
  return DEFAULT_LAYOUT.filter((item) => mayPlaceWidget(role, item.widget)).map((item) => ({ ...item }));
}

/** Mints and retirements per UTC day over the last 14 days, in whole-unit decimal strings. */
export const DAILY_VOLUME_DAYS = 14;
export const dailyVolumeSchema = z.object({
  days: z.array(z.object({ date: z.iso.date(), minted: z.string(), retired: z.string(), mints: z.number().int(), retirements: z.number().int() })),
});
export type DailyVolume = z.infer<typeof dailyVolumeSchema>;

/** The dashboard's alerts: unresolved security alerts, wallets low on tokens, the company's KYC. */
export const dashboardAlertSchema = z.object({
  kind: z.enum(['security_alerts', 'low_balance', 'kyc']),
  severity: z.enum(['info', 'warning', 'error']),
  count: z.number().int().nonnegative(),
  detail: z.string(),
  link: z.string(),
});
export const dashboardAlertsSchema = z.object({ alerts: z.array(dashboardAlertSchema) });
export type DashboardAlert = z.infer<typeof dashboardAlertSchema>;
export type DashboardAlerts = z.infer<typeof dashboardAlertsSchema>;

/** Idempotency keys of the last 24 hours: how many requests carried one and how they ended. */
export const idempotencyMetricsSchema = z.object({
  windowHours: z.number().int(),
  total: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  inFlight: z.number().int().nonnegative(),
  conflicts: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type IdempotencyMetrics = z.infer<typeof idempotencyMetricsSchema>;

export const dashboardTexts = {
  widgetNotAllowed: 'Your role cannot place this widget on the dashboard',
} as const;
