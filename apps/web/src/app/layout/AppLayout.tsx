import { LAYOUT } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { CrashProbe } from '../CrashProbe';
import { ErrorBoundary } from '../ErrorBoundary';
import { LiveRefresh } from '../LiveRefresh';
import { ToastProbe } from '../ToastProbe';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export function AppLayout() {
  const [expanded, setExpanded] = useState(true);
  // Below md a permanent sidebar leaves the page too little room: it slides over the page
  // instead, closed until the menu button opens it and closed again once a page is chosen.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const { t } = useTranslation();
  const drawerWidth = expanded ? LAYOUT.drawerExpanded : LAYOUT.drawerCollapsed;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{ position: 'absolute', left: -9999, zIndex: 2000, '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper' } }}
      >
        {t('layout.skipToContent')}
      </Box>
      <LiveRefresh />
      <TopBar expanded={compact ? drawerOpen : expanded} onToggleDrawer={() => (compact ? setDrawerOpen((value) => !value) : setExpanded((value) => !value))} />
      {compact ? (
        <Sidebar expanded width={LAYOUT.drawerExpanded} onExpand={() => undefined} overlay={{ open: drawerOpen, onClose: () => setDrawerOpen(false) }} />
      ) : (
        <Sidebar expanded={expanded} width={drawerWidth} onExpand={() => setExpanded(true)} />
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, pt: `${LAYOUT.headerHeight}px`, transition: 'margin 195ms', outline: 'none' }}
      >
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          <ErrorBoundary level="page" resetKey={location.pathname}>
            <CrashProbe level="page" />
            <ToastProbe />
            <Outlet />
          </ErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}
