import { LAYOUT } from '@carbonledger/contracts';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ApprovalsBadge } from '../../features/approvals/components/ApprovalsBadge';
import { useAuthStore } from '../../lib/auth-store';
import { GROUPS_OPEN_BY_DEFAULT, visibleNavigation } from './navigation';
import { GROUP_ICONS } from './nav-icons';

/** Arrow keys, Home and End move between the sidebar entries (Tab still works as usual). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const entries = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-nav-entry]'));
  const index = entries.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? entries.length - 1
        : event.key === 'ArrowDown'
          ? Math.min(index + 1, entries.length - 1)
          : Math.max(index - 1, 0);
  event.preventDefault();
  entries[next]?.focus();
}

/** `overlay`: the sidebar slides over the page (narrow screens) and closes once an entry is chosen. */
export function Sidebar({
  expanded,
  width,
  onExpand,
  overlay,
}: {
  expanded: boolean;
  width: number;
  onExpand: () => void;
  overlay?: { open: boolean; onClose: () => void };
}) {
  const { t } = useTranslation();
  const role = useAuthStore((state) => state.user?.role);
  const location = useLocation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(GROUPS_OPEN_BY_DEFAULT));
  if (!role) return null;
  const here = `${location.pathname}${location.search}`;
  const groups = visibleNavigation(role);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Drawer
      variant={overlay ? 'temporary' : 'permanent'}
      open={overlay ? overlay.open : undefined}
      onClose={overlay?.onClose}
      onClick={(event) => {
        if (overlay && (event.target as HTMLElement).closest('a')) overlay.onClose();
      }}
      sx={{
        width,
        flexShrink: 0,
        transition: 'width 195ms',
        '& .MuiDrawer-paper': {
          width,
          top: LAYOUT.headerHeight,
          height: `calc(100% - ${LAYOUT.headerHeight}px)`,
          overflowX: 'hidden',
          transition: 'width 195ms',
        },
      }}
    >
      <nav aria-label={t('nav.label')} onKeyDown={moveFocus}>
        <List component="div" dense disablePadding sx={{ py: 1 }}>
          {groups.map((group) => {
            const Icon = GROUP_ICONS[group.id];
            const groupLabel = t(`nav.groups.${group.id}`);
            const single = group.items.length === 1 && group.items[0] ? group.items[0] : null;
            if (single) {
              return (
                <Tooltip key={group.id} title={expanded ? '' : groupLabel} placement="right">
                  <ListItemButton data-nav-entry component={RouterLink} to={single.path} selected={here === single.path}>
                    <ListItemIcon>{Icon && <Icon />}</ListItemIcon>
                    {expanded && <ListItemText primary={groupLabel} />}
                  </ListItemButton>
                </Tooltip>
              );
            }
            const isOpen = open.has(group.id);
            const itemsId = `nav-group-${group.id}`;
            return (
              <div key={group.id}>
                <Tooltip title={expanded ? '' : groupLabel} placement="right">
                  <ListItemButton
                    data-nav-entry
                    aria-expanded={expanded ? isOpen : false}
                    aria-controls={itemsId}
                    onClick={() => {
                      if (!expanded) {
                        onExpand();
                        if (!isOpen) toggle(group.id);
                      } else toggle(group.id);
                    }}
                  >
                    <ListItemIcon>{Icon && <Icon />}</ListItemIcon>
                    {expanded && <ListItemText primary={groupLabel} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />}
                    {expanded && (isOpen ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />)}
                  </ListItemButton>
                </Tooltip>
                <Collapse in={expanded && isOpen} timeout="auto" unmountOnExit>
                  <List component="div" role="group" dense disablePadding id={itemsId} aria-label={groupLabel}>
                    {group.items.map((entry) => (
                      <ListItemButton
                        key={`${group.id}-${entry.key}`}
                        data-nav-entry
                        component={RouterLink}
                        to={entry.path}
                        selected={here === entry.path}
                        aria-current={here === entry.path ? 'page' : undefined}
                        sx={{ pl: 9 }}
                      >
                        <ListItemText primary={t(`nav.items.${entry.key}`)} />
                        {entry.badgeKey && <Chip label={t(entry.badgeKey)} size="small" color="secondary" sx={{ height: 20 }} />}
                        {entry.path === '/approvals' && <ApprovalsBadge />}
                      </ListItemButton>
                    ))}
                  </List>
                </Collapse>
              </div>
            );
          })}
        </List>
      </nav>
    </Drawer>
  );
}
