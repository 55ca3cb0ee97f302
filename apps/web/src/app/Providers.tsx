import { TOASTS } from '@carbonledger/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { useAuthStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import { buildTheme, useThemeStore } from '../lib/theme';

/** SPEC §9 toasts: 3 visible, 4 s, bottom-left, 225/195 ms; hover and window blur pause them. */
export function Providers({ children }: { children: ReactNode }) {
  const mode = useThemeStore((state) => state.mode);
  const branding = useAuthStore((state) => state.tenant?.branding);
  const theme = useMemo(() => buildTheme(mode, branding), [mode, branding]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          maxSnack={TOASTS.maxVisible}
          autoHideDuration={TOASTS.defaultDurationMs}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          transitionDuration={{ enter: TOASTS.enterMs, exit: TOASTS.exitMs }}
          preventDuplicate
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
