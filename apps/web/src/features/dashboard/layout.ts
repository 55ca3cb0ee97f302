import { DASHBOARD_GRID, type DashboardLayoutItem, type DashboardWidgetId } from '@carbonledger/contracts';

/** docs/product.md §2 personalisable dashboard: the pure arithmetic of placing widgets on the 12-column grid. */
export type LayoutItems = readonly DashboardLayoutItem[];
export type MoveDirection = 'up' | 'down' | 'left' | 'right';
export type ResizeChange = 'wider' | 'narrower' | 'taller' | 'shorter';

/** The grid library's shape of an item (react-grid-layout), with the bounds the API accepts. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  minH?: number;
  maxH?: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Reading order: top to bottom, then left to right; the order a screen reader and the one-column view follow. */
export function readingOrder(items: LayoutItems): DashboardLayoutItem[] {
  return [...items].sort((a, b) => a.y - b.y || a.x - b.x);
}

export function toGridItems(items: LayoutItems): GridItem[] {
  return items.map((item) => ({
    i: item.widget,
    x: item.x,
    y: item.y,
    w: item.w,
    h: item.h,
    minW: DASHBOARD_GRID.minWidth,
    minH: DASHBOARD_GRID.minHeight,
    maxH: DASHBOARD_GRID.maxHeight,
  }));
}

/** What the grid reports after a drag or resize, back in the API's terms (bounded, known widgets only). */
export function fromGridItems(grid: readonly GridItem[], known: LayoutItems): DashboardLayoutItem[] {
  return known.flatMap((item) => {
    const placed = grid.find((entry) => entry.i === item.widget);
    if (!placed) return [item];
    const w = clamp(Math.round(placed.w), DASHBOARD_GRID.minWidth, DASHBOARD_GRID.columns);
    return [
      {
        widget: item.widget,
        x: clamp(Math.round(placed.x), 0, DASHBOARD_GRID.columns - w),
        y: Math.max(0, Math.round(placed.y)),
        w,
        h: clamp(Math.round(placed.h), DASHBOARD_GRID.minHeight, DASHBOARD_GRID.maxHeight),
      },
    ];
  });
}

/** A new widget goes below everything else, at the left. */
export function addWidget(items: LayoutItems, widget: DashboardWidgetId, size: { w: number; h: number }): DashboardLayoutItem[] {
  if (items.some((item) => item.widget === widget)) return [...items];
  const bottom = items.reduce((lowest, item) => Math.max(lowest, item.y + item.h), 0);
  return [
    ...items,
    {
      widget,
      x: 0,
      y: bottom,
      w: clamp(size.w, DASHBOARD_GRID.minWidth, DASHBOARD_GRID.columns),
      h: clamp(size.h, DASHBOARD_GRID.minHeight, DASHBOARD_GRID.maxHeight),
    },
  ];
}

export function removeWidget(items: LayoutItems, widget: DashboardWidgetId): DashboardLayoutItem[] {
  return items.filter((item) => item.widget !== widget);
}

/**
 * Keyboard moves: up and down trade places with the widget before or after it in reading
 * order (so a widget can pass one of another size); left and right shift it one column.
 */
export function moveWidget(items: LayoutItems, widget: DashboardWidgetId, direction: MoveDirection): DashboardLayoutItem[] {
  const ordered = readingOrder(items);
  const index = ordered.findIndex((item) => item.widget === widget);
  if (index < 0) return [...items];
  const moving = ordered[index]!;
  if (direction === 'left' || direction === 'right') {
    const x = clamp(moving.x + (direction === 'left' ? -1 : 1), 0, DASHBOARD_GRID.columns - moving.w);
    return items.map((item) => (item.widget === widget ? { ...item, x } : item));
  }
  const other = ordered[direction === 'up' ? index - 1 : index + 1];
  if (!other) return [...items];
  return items.map((item) => {
    if (item.widget === widget) return { ...item, x: clamp(other.x, 0, DASHBOARD_GRID.columns - item.w), y: other.y };
    if (item.widget === other.widget) return { ...item, x: clamp(moving.x, 0, DASHBOARD_GRID.columns - item.w), y: moving.y };
    return item;
  });
}

export function resizeWidget(items: LayoutItems, widget: DashboardWidgetId, change: ResizeChange): DashboardLayoutItem[] {
  return items.map((item) => {
    if (item.widget !== widget) return item;
    if (change === 'taller' || change === 'shorter') {
      return { ...item, h: clamp(item.h + (change === 'taller' ? 1 : -1), DASHBOARD_GRID.minHeight, DASHBOARD_GRID.maxHeight) };
    }
    const w = clamp(item.w + (change === 'wider' ? 1 : -1), DASHBOARD_GRID.minWidth, DASHBOARD_GRID.columns);
    return { ...item, w, x: Math.min(item.x, DASHBOARD_GRID.columns - w) };
  });
}

/** Whether two layouts place the same widgets at the same places (the grid reports unchanged layouts too). */
export function sameLayout(a: LayoutItems, b: LayoutItems): boolean {
  if (a.length !== b.length) return false;
  const key = (item: DashboardLayoutItem) => `${item.widget}:${item.x}:${item.y}:${item.w}:${item.h}`;
  const left = a.map(key).sort();
  return b
    .map(key)
    .sort()
    .every((entry, index) => entry === left[index]);
}
