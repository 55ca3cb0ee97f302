import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

const ROLE_REASONS = [
  'ROLES__PERMISSION_NOT_HELD',
  'ROLES__BASE_ROLE_NOT_ALLOWED',
  'ROLES__RESERVED_PERMISSION',
  'ROLES__NAME_TAKEN',
  'ROLES__IN_USE',
  'ROLES__BASE_ROLE_MISMATCH',
  'ROLES__OTHER_COMPANY',
] as const;

/** What a failed roles call tells the user: the ROLES__ reason's own text, else the server's message translated. */
export function roleFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const reason = ROLE_REASONS.find((candidate) => error.is(candidate));
    if (reason) return t(`teamRoles.errors.${reason}`);
    return translateMessage(t, error.message);
  }
  return t('teamRoles.errors.unknown');
}
