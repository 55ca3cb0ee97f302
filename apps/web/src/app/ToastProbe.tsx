import { useSnackbar } from '../lib/toast';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * Lets the end-to-end suite prove the toast limits in the production build: the query flag
 * `__toasts=N` raises N distinct test toasts (at most 10) once.
 */
export function ToastProbe() {
  const [params] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const count = Math.min(Number(params.get('__toasts') ?? 0) || 0, 10);
  useEffect(() => {
    for (let index = 1; index <= count; index++) enqueueSnackbar(t('probe.toast', { number: index }), { variant: 'info' });
  }, [count, enqueueSnackbar, t]);
  return null;
}
