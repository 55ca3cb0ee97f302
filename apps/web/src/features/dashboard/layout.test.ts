import { dashboardLayoutInput, type DashboardLayoutItem } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { addWidget, fromGridItems, moveWidget, readingOrder, removeWidget, resizeWidget, sameLayout, toGridItems } from './layout';

const layout: DashboardLayoutItem[] = [
  { widget: 'welcome', x: 0, y: 0, w: 8, h: 2 },
  { widget: 'system-health', x: 8, y: 0, w: 4, h: 4 },
  { widget: 'alerts', x: 0, y: 2, w: 6, h: 3 },
];

describe('dashboard layout', () => {
  it('adds a widget below everything, once, at a size the API accepts', () => {
    const added = addWidget(layout, 'activity-log', { w: 20, h: 1 });
    expect(added.at(-1)).toEqual({ widget: 'activity-log', x: 0, y: 5, w: 12, h: 2 });
    expect(addWidget(added, 'activity-log', { w: 4, h: 4 })).toHaveLength(4);
    expect(dashboardLayoutInput.safeParse({ items: added }).success).toBe(true);
  });

  it('removes only the chosen widget', () => {
    expect(removeWidget(layout, 'system-health').map((item) => item.widget)).toEqual(['welcome', 'alerts']);
  });

  it('moves a widget up by trading places with the one before it in reading order', () => {
    const moved = moveWidget(layout, 'alerts', 'up');
    expect(readingOrder(moved).map((item) => item.widget)).toEqual(['welcome', 'alerts', 'system-health']);
    expect(moved.find((item) => item.widget === 'system-health')).toMatchObject({ x: 0, y: 2 });
    // The first widget has nowhere further up to go.
    expect(moveWidget(layout, 'welcome', 'up')).toEqual(layout);
  });

  it('moves sideways one column without leaving the grid', () => {
    expect(moveWidget(layout, 'alerts', 'right').find((item) => item.widget === 'alerts')?.x).toBe(1);
    expect(moveWidget(layout, 'system-health', 'right').find((item) => item.widget === 'system-health')?.x).toBe(8);
    expect(moveWidget(layout, 'welcome', 'left')[0]?.x).toBe(0);
  });

  it('resizes within the bounds and pulls a widget left when it grows past the edge', () => {
    expect(resizeWidget(layout, 'system-health', 'wider').find((item) => item.widget === 'system-health')).toMatchObject({ x: 7, w: 5 });
    expect(resizeWidget(layout, 'welcome', 'shorter')[0]?.h).toBe(2);
    expect(resizeWidget(layout, 'welcome', 'taller')[0]?.h).toBe(3);
  });

  it('orders widgets top to bottom, then left to right, for one column and for screen readers', () => {
    expect(readingOrder(layout).map((item) => item.widget)).toEqual(['welcome', 'system-health', 'alerts']);
  });

  it('reads back what the grid reports, bounded, and tells a real change from a repeat', () => {
    const grid = toGridItems(layout).map((item) => (item.i === 'alerts' ? { ...item, x: 11, y: 7.4, w: 3 } : item));
    const back = fromGridItems(grid, layout);
    expect(back.find((item) => item.widget === 'alerts')).toEqual({ widget: 'alerts', x: 9, y: 7, w: 3, h: 3 });
    expect(sameLayout(fromGridItems(toGridItems(layout), layout), layout)).toBe(true);
    expect(sameLayout(back, layout)).toBe(false);
  });
});
