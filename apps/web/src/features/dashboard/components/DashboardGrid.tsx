import { DASHBOARD_GRID, type DashboardLayoutItem } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Responsive, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { fromGridItems, readingOrder, toGridItems } from '../layout';
import type { DashboardWidgetDefinition } from '../widget-definition';
import { DRAG_HANDLE_CLASS, WidgetFrame, type WidgetCommand } from './WidgetFrame';

/**
 * Wide screens get the 12-column arrangement; below 720 px every widget stacks in one column in
 * reading order (docs/product.md §2), each as tall as its content: the heights chosen for a wide
 * screen would clip a phone's narrower, taller content or leave blank space under a short one.
 */
const WIDE_FROM_PX = 720;
export const ROW_HEIGHT = 80;

interface DashboardGridProps {
  items: readonly DashboardLayoutItem[];
  widgets: readonly DashboardWidgetDefinition[];
  onChange: (items: DashboardLayoutItem[]) => void;
  onCommand: (widget: DashboardWidgetDefinition, command: WidgetCommand) => void;
}

export function DashboardGrid({ items, widgets, onChange, onCommand }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const placed = items.filter((item) => widgets.some((widget) => widget.id === item.widget));
  const wide = width >= WIDE_FROM_PX;
  // A drag or resize ends: what the grid now shows is what gets saved.
  const settle = (layout: Layout) => onChange(fromGridItems(layout, items));
  const frameOf = (item: DashboardLayoutItem) => {
    const widget = widgets.find((entry) => entry.id === item.widget)!;
    return <WidgetFrame widget={widget} draggable={wide} onCommand={(command) => onCommand(widget, command)} />;
  };
  return (
    <Box ref={containerRef} data-testid="dashboard-grid">
      {mounted && !wide && (
        <Stack spacing={2}>
          {readingOrder(placed).map((item) => (
            <div key={item.widget}>{frameOf(item)}</div>
          ))}
        </Stack>
      )}
      {mounted && wide && (
        <Responsive
          width={width}
          breakpoints={{ wide: 0 }}
          cols={{ wide: DASHBOARD_GRID.columns }}
          layouts={{ wide: toGridItems(placed) }}
          rowHeight={ROW_HEIGHT}
          margin={[16, 16]}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: true, handle: `.${DRAG_HANDLE_CLASS}` }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          onDragStop={settle}
          onResizeStop={settle}
        >
          {placed.map((item) => (
            <div key={item.widget}>{frameOf(item)}</div>
          ))}
        </Responsive>
      )}
    </Box>
  );
}
