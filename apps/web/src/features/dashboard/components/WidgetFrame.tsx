import DragIndicator from '@mui/icons-material/DragIndicator';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoveDirection, ResizeChange } from '../layout';
import type { DashboardWidgetDefinition } from '../widget-definition';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';

export const DRAG_HANDLE_CLASS = 'dashboard-widget-handle';

export type WidgetCommand = { kind: 'move'; direction: MoveDirection } | { kind: 'resize'; change: ResizeChange } | { kind: 'remove' };

const COMMANDS: readonly { key: string; command: WidgetCommand }[] = [
  { key: 'moveUp', command: { kind: 'move', direction: 'up' } },
  { key: 'moveDown', command: { kind: 'move', direction: 'down' } },
  { key: 'moveLeft', command: { kind: 'move', direction: 'left' } },
  { key: 'moveRight', command: { kind: 'move', direction: 'right' } },
  { key: 'wider', command: { kind: 'resize', change: 'wider' } },
  { key: 'narrower', command: { kind: 'resize', change: 'narrower' } },
  { key: 'taller', command: { kind: 'resize', change: 'taller' } },
  { key: 'shorter', command: { kind: 'resize', change: 'shorter' } },
  { key: 'remove', command: { kind: 'remove' } },
];

interface WidgetFrameProps {
  widget: DashboardWidgetDefinition;
  onCommand: (command: WidgetCommand) => void;
  /** False where widgets stack (a phone): nothing to drag, so no handle; the menu still moves them. */
  draggable: boolean;
}

/**
 * A placed widget: its drag handle (where it can be dragged), its menu (every move and resize is also a keyboard command
 * there), and the widget itself behind its own error boundary, scrolling inside its cell.
 */
export function WidgetFrame({ widget, onCommand, draggable }: WidgetFrameProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const title = t(widget.titleKey);
  const titleId = `dashboard-widget-${widget.id}-title`;
  const menuId = `dashboard-widget-${widget.id}-menu`;
  const body = (
    <WidgetErrorBoundary failedText={t('dashboard.grid.widgetFailed', { title })} retryText={t('dashboard.grid.retry')}>
      {widget.render()}
    </WidgetErrorBoundary>
  );
  return (
    <Card
      component="section"
      aria-labelledby={widget.framed ? titleId : undefined}
      aria-label={widget.framed ? undefined : title}
      variant={widget.framed ? 'elevation' : 'outlined'}
      data-testid={`dashboard-widget-${widget.id}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, pt: 1 }}>
        {draggable && (
          <Tooltip title={t('dashboard.grid.drag', { title })}>
            <IconButton size="small" className={DRAG_HANDLE_CLASS} aria-label={t('dashboard.grid.drag', { title })} sx={{ cursor: 'grab' }}>
              <DragIndicator fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {widget.framed ? (
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
            {title}
          </Typography>
        ) : (
          <Box sx={{ flexGrow: 1 }} />
        )}
        <IconButton
          size="small"
          aria-label={t('dashboard.grid.options', { title })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVert fontSize="small" />
        </IconButton>
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {COMMANDS.map(({ key, command }) => (
            <MenuItem
              key={key}
              onClick={() => {
                setAnchor(null);
                onCommand(command);
              }}
            >
              {t(`dashboard.grid.${key}`)}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      <Box
        tabIndex={0}
        role="group"
        aria-label={title}
        sx={{ flexGrow: 1, overflow: 'auto', px: widget.framed ? 2 : 0, pb: widget.framed ? 2 : 0, pt: widget.framed ? 1 : 0 }}
      >
        {body}
      </Box>
    </Card>
  );
}
