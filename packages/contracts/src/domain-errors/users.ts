import { usersTexts } from '../users';
import { domainError } from './define';

/** The users domain's business failures: team administration, invitations and password-reset links (docs/architecture.md "Errors"). */
export const userErrors = {
  /** E-mail addresses sign people in, so one belongs to one user on the whole platform. */
  USER__EMAIL_TAKEN: domainError('CONFLICT', 'A user with this e-mail already exists'),
  /** docs/product.md §6: nobody hands out a role above their own; a company's administrators never a platform role. */
  USER__ROLE_NOT_GRANTABLE: domainError('ACCESS_DENIED', 'You cannot grant this role'),
  USER__STATUS_TRANSITION_NOT_ALLOWED: domainError('CONFLICT', 'This status change is not allowed'),
  /** An administrator's own account stays usable: changing it would lock them out mid-request. */
  USER__CANNOT_CHANGE_OWN_STATUS: domainError('CONFLICT', 'You cannot change the status of your own account'),
  USER__NO_PENDING_INVITATION: domainError('CONFLICT', 'This user has no pending invitation'),
  /** Unknown and expired links answer alike: a link is a secret, the answer tells nothing about accounts. */
  USER__LINK_INVALID: domainError('NOT_FOUND', usersTexts.linkInvalid),
  USER__LINK_USED: domainError('CONFLICT', 'This link has already been used'),
} as const;
