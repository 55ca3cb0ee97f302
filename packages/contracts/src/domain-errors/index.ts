import { approvalErrors } from './approvals';
import { authErrors } from './auth';
import { chainErrors } from './chain';
import { companyErrors } from './companies';
import { complianceErrors } from './compliance';
import { kycErrors } from './kyc';
import { mintingErrors } from './minting';
import { offsetErrors } from './offsets';
import { profileErrors } from './profile';
import { registryErrors } from './registry';
import { retirementErrors } from './retirements';
import { roleErrors } from './roles';
import { signingErrors } from './signing';
import { tenantErrors } from './tenants';
import { userErrors } from './users';
import { walletErrors } from './wallets';
import type { DomainErrorDefinition } from './define';

export { domainError, type DomainErrorDefinition } from './define';

/** Every domain's business failures, one file per domain under domain-errors/. */
export const domainErrorCatalogue = {
  ...approvalErrors,
  ...authErrors,
  ...chainErrors,
  ...companyErrors,
  ...complianceErrors,
  ...kycErrors,
  ...mintingErrors,
  ...offsetErrors,
  ...profileErrors,
  ...registryErrors,
  ...retirementErrors,
  ...roleErrors,
  ...signingErrors,
  ...tenantErrors,
  ...userErrors,
  ...walletErrors,
} as const satisfies Record<`${Uppercase<string>}__${Uppercase<string>}`, DomainErrorDefinition>;

export type DomainErrorCode = keyof typeof domainErrorCatalogue;

export function isDomainErrorCode(value: unknown): value is DomainErrorCode {
  return typeof value === 'string' && Object.hasOwn(domainErrorCatalogue, value);
}
