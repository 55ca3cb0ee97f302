import { TOASTS } from '@carbonledger/contracts';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { attachToastHost } from '../lib/toast';

/** Toast colours dark enough for white text to meet WCAG AA contrast (notistack's defaults do not). */
const ToastContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-default': { backgroundColor: '#263238' },
});
const TOAST_COMPONENTS = { default: ToastContent, success: ToastContent, error: ToastContent, warning: ToastContent, info: ToastContent };

function AttachHost() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => attachToastHost(enqueueSnackbar), [enqueueSnackbar]);
  return null;
}

/** docs/product.md §9 toasts: 3 visible, 4 s, bottom-left, 225/195 ms; hover and window blur pause them. */
export default function ToastHost() {
  return (
    <SnackbarProvider
      maxSnack={TOASTS.maxVisible}
      autoHideDuration={TOASTS.defaultDurationMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transitionDuration={{ enter: TOASTS.enterMs, exit: TOASTS.exitMs }}
      preventDuplicate
      Components={TOAST_COMPONENTS}
    >
      <AttachHost />
    </SnackbarProvider>
  );
}
