import Badge, { type BadgeProps } from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';

interface BellPopoverProps {
  title: string;
  /** Accessible name of the bell button, e.g. with the count. */
  buttonLabel: string;
  icon: ReactNode;
  badgeContent: number;
  badgeColor: BadgeProps['color'];
  badgeMax: number;
  paperSx: SxProps<Theme>;
  /** The popover's content; `close` hides it (e.g. before navigating away). */
  children: (close: () => void) => ReactNode;
}

/** A top-bar bell with a badge that opens a dialog-like popover below it. */
export function BellPopover({ title, buttonLabel, icon, badgeContent, badgeColor, badgeMax, paperSx, children }: BellPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={title}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={buttonLabel} aria-haspopup="dialog">
          <Badge badgeContent={badgeContent} color={badgeColor} max={badgeMax}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: paperSx, role: 'dialog', 'aria-label': title } }}
      >
        {children(close)}
      </Popover>
    </>
  );
}
