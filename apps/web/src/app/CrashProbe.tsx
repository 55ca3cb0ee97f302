import { useSearchParams } from 'react-router';

/**
 * Lets the end-to-end suite prove the error screens in the production build: the query
 * flag `__crash=page` breaks the current page, `__crash=critical` the whole layout.
 */
export function CrashProbe({ level }: { level: 'page' | 'critical' }) {
  const [params] = useSearchParams();
  if (params.get('__crash') === level) throw new Error(`Simulated ${level} crash requested by the __crash query flag`);
  return null;
}
