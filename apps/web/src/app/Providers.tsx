import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuthStore } from '../lib/auth-store';
import { lazyPage } from '../lib/lazy-page';
import { buildTheme, useBrandFonts, useThemeMode } from '../lib/theme';
import { onToastHostWanted } from '../lib/toast';

const ToastHost = lazyPage<object>(() => import('./ToastHost'));

/** The toast host loads with the first toast: the sign-in screen paints without it. */
function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastHostWanted(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  const branding = useAuthStore((state) => state.tenant?.branding);
  useBrandFonts(branding?.fonts);
  const theme = useMemo(() => buildTheme(mode, branding), [mode, branding]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <Toasts />
    </ThemeProvider>
  );
}
