import type { OptionsObject, SnackbarMessage } from 'notistack';

type ShowToast = (message: SnackbarMessage, options?: OptionsObject) => void;

let showToast: ShowToast | null = null;
const waiting: Parameters<ShowToast>[] = [];
let hostWanted = false;
const hostRequests = new Set<() => void>();

/**
 * Shows a toast (docs/product.md §9). The toast host (notistack) loads with the first toast, not with
 * the sign-in screen; toasts raised meanwhile are shown, in order, as soon as it is there.
 */
export function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject) {
  if (showToast) return showToast(message, options);
  waiting.push([message, options]);
  hostWanted = true;
  for (const request of hostRequests) request();
}

export function useSnackbar() {
  return { enqueueSnackbar };
}

/** The host asks to be mounted once a toast is waiting; returns the unsubscribe. */
export function onToastHostWanted(request: () => void): () => void {
  if (hostWanted) request();
  hostRequests.add(request);
  return () => hostRequests.delete(request);
}

/** The mounted host takes over: it shows the waiting toasts, then every later one directly. */
export function attachToastHost(show: ShowToast): () => void {
  showToast = show;
  for (const toast of waiting.splice(0)) show(...toast);
  return () => {
    if (showToast === show) showToast = null;
  };
}
