import type { DashboardWidgetId } from '@carbonledger/contracts';
import type { ReactNode } from 'react';

/**
 * One widget the dashboard can place (docs/product.md §2). The registry is put together in
 * app/ so that widgets of other features (the market's carbon price) sit beside this one's.
 */
export interface DashboardWidgetDefinition {
  id: DashboardWidgetId;
  /** Translation key of the title. */
  titleKey: string;
  /** Size when added from the catalogue, in grid columns (of 12) and rows (of 80 px). */
  size: { w: number; h: number };
  /** Whether the frame draws the card and title; false for widgets that bring their own card. */
  framed: boolean;
  render: () => ReactNode;
}
