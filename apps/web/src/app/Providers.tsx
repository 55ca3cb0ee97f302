import { TOASTS } from '@carbonledger/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, styled } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { useAuthStore } from '../lib/auth-store';
import { queryClient } from '../lib/query-client';
import { buildTheme, useThemeStore } from '../lib/theme';

/** Toast colours dark enough for white text to meet WCAG AA contrast (notistack's defaults do not). */
const ToastContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-default': { backgroundColor: '#263238' },
});
const TOAST_COMPONENTS = { default: ToastContent, success: ToastContent, error: ToastContent, warning: ToastContent, info: ToastContent };

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
          Components={TOAST_COMPONENTS}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
