import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

/** What a refused invitation or reset link tells its reader, by the answer's reason. */
export function linkErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.is('USER__LINK_USED')) return t('links.used');
  if (error instanceof ApiError && (error.is('USER__LINK_INVALID') || error.code === 'VALIDATION_ERROR')) return t('links.invalid');
  return translateMessage(t, error instanceof Error ? error.message : String(error));
}
