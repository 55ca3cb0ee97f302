import { DASHBOARD_WIDGET_IDS, mayPlaceWidget } from '@carbonledger/contracts';
import type { DashboardWidgetDefinition } from '../features/dashboard/widget-definition';
import { DASHBOARD_OWN_WIDGETS } from '../features/dashboard/widgets';
import { CarbonPriceWidget } from '../features/market/components/CarbonPriceWidget';
import { useAuthStore } from '../lib/auth-store';

/** The dashboard's widget registry: its own widgets and the market's carbon price (features do not import each other). */
const REGISTRY: readonly DashboardWidgetDefinition[] = [
  ...DASHBOARD_OWN_WIDGETS,
  // The market card brings its own title and range buttons; it gets its own instance id beside the market section's.
  { id: 'carbon-price', titleKey: 'market.price.title', size: { w: 6, h: 6 }, framed: false, render: () => <CarbonPriceWidget id="dashboard-price" /> },
];

/** The widgets the signed-in user's role may place, in the catalogue's order (docs/product.md §2). */
export function useDashboardWidgets(): DashboardWidgetDefinition[] {
  const role = useAuthStore((state) => state.user?.role);
  if (!role) return [];
  return DASHBOARD_WIDGET_IDS.flatMap((id) => REGISTRY.filter((widget) => widget.id === id && mayPlaceWidget(role, id)));
}
