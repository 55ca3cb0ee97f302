import { domainError } from './define';

/** The auth domain's business failures (docs/architecture.md "Errors"). */
export const authErrors = {
  /** An administrator's own account stays usable: disabling it would lock them out mid-request. */
  AUTH__CANNOT_DISABLE_SELF: domainError('CONFLICT', 'You cannot disable your own account'),
  AUTH__MFA_ALREADY_ENABLED: domainError('CONFLICT', 'Multi-factor authentication is already enabled'),
  /** A confirmation code arrived without an enrolment waiting for it. */
  AUTH__MFA_ENROLMENT_NOT_STARTED: domainError('CONFLICT', 'Start multi-factor enrolment first'),
  /** A temporary password proves who signs in but may not open a session: the sign-in is sent again with `newPassword`. */
  AUTH__PASSWORD_CHANGE_REQUIRED: domainError('UNAUTHORIZED', 'Please choose a new password to replace your temporary one'),
  AUTH__MFA_NOT_ENABLED: domainError('CONFLICT', 'Multi-factor authentication is not enabled'),
} as const;
