import type { DashboardWidgetDefinition } from '../widget-definition';
import { ActivityLogWidget } from './ActivityLogWidget';
import { AdvancedMetricsWidget } from './AdvancedMetricsWidget';
import { AlertsWidget } from './AlertsWidget';
import { DailyVolumeWidget } from './DailyVolumeWidget';
import { IdempotencyWidget } from './IdempotencyWidget';
import { PendingActionsWidget } from './PendingActionsWidget';
import { QuickActionsWidget } from './QuickActionsWidget';
import { SystemHealthWidget } from './SystemHealthWidget';
import { WelcomeWidget } from './WelcomeWidget';

/** This feature's own widgets; app/ adds the other features' ones and filters by role. */
export const DASHBOARD_OWN_WIDGETS: readonly DashboardWidgetDefinition[] = [
  { id: 'welcome', titleKey: 'dashboard.widgets.welcome', size: { w: 8, h: 2 }, framed: true, render: () => <WelcomeWidget /> },
  { id: 'system-health', titleKey: 'dashboard.widgets.system-health', size: { w: 4, h: 4 }, framed: true, render: () => <SystemHealthWidget /> },
  { id: 'daily-volume', titleKey: 'dashboard.widgets.daily-volume', size: { w: 6, h: 5 }, framed: true, render: () => <DailyVolumeWidget /> },
  { id: 'alerts', titleKey: 'dashboard.widgets.alerts', size: { w: 4, h: 4 }, framed: true, render: () => <AlertsWidget /> },
  { id: 'quick-actions', titleKey: 'dashboard.quickActions', size: { w: 8, h: 3 }, framed: true, render: () => <QuickActionsWidget /> },
  { id: 'pending-actions', titleKey: 'dashboard.pendingActions', size: { w: 6, h: 4 }, framed: true, render: () => <PendingActionsWidget /> },
  { id: 'activity-log', titleKey: 'dashboard.activityLog', size: { w: 6, h: 5 }, framed: true, render: () => <ActivityLogWidget /> },
  { id: 'idempotency-metrics', titleKey: 'dashboard.widgets.idempotency-metrics', size: { w: 6, h: 3 }, framed: true, render: () => <IdempotencyWidget /> },
  { id: 'advanced-metrics', titleKey: 'dashboard.widgets.advanced-metrics', size: { w: 6, h: 3 }, framed: true, render: () => <AdvancedMetricsWidget /> },
];
