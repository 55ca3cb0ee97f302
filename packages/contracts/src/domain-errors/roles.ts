import { customRoleTexts } from '../custom-roles';
import { domainError } from './define';

/** The roles domain's business failures: custom roles and their assignment (docs/product.md §6). */
export const roleErrors = {
  /** A custom role may grant only permissions its author holds. */
  ROLES__PERMISSION_NOT_HELD: domainError('ACCESS_DENIED', customRoleTexts.permissionNotHeld),
  /** The base role opens screens or is an administrator where the author is not. */
  ROLES__BASE_ROLE_NOT_ALLOWED: domainError('ACCESS_DENIED', customRoleTexts.baseRoleNotAllowed),
  /** An administrators-only permission the base role does not hold (docs/product.md §6 "Administrators-only actions"). */
  ROLES__RESERVED_PERMISSION: domainError('CONFLICT', customRoleTexts.reservedPermission),
  ROLES__NAME_TAKEN: domainError('CONFLICT', customRoleTexts.nameTaken),
  /** Deleting would silently give its users their base role's permissions back. */
  ROLES__IN_USE: domainError('CONFLICT', customRoleTexts.inUse),
  /** The user's role differs from the custom role's base role. */
  ROLES__BASE_ROLE_MISMATCH: domainError('CONFLICT', customRoleTexts.baseRoleMismatch),
  /** A custom role is given only to users of its own company. */
  ROLES__OTHER_COMPANY: domainError('CONFLICT', customRoleTexts.otherCompany),
} as const;
