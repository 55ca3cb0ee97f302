import { apiKeyErrors } from './api-keys';
import { approvalErrors } from './approvals';
import { authErrors } from './auth';
import { chainErrors } from './chain';
import { companyErrors } from './companies';
import { dashboardErrors } from './dashboard';
import { dataExportErrors } from './data-exports';
import { complianceErrors } from './compliance';
import { invoiceErrors } from './invoices';
import { kycErrors } from './kyc';
import { marketErrors } from './market';
import { mintingErrors } from './minting';
import { notificationErrors } from './notifications';
import { offsetErrors } from './offsets';
import { operationErrors } from './operations';
import { profileErrors } from './profile';
import { purchaseErrors } from './purchases';
import { reconciliationErrors } from './reconciliation';
import { registryErrors } from './registry';
import { retirementErrors } from './retirements';
import { roleErrors } from './roles';
import { signingErrors } from './signing';
import { tenantErrors } from './tenants';
import { userErrors } from './users';
import { walletErrors } from './wallets';
import { webhookErrors } from './webhooks';
import type { DomainErrorDefinition } from './define';

export { domainError, type DomainErrorDefinition } from './define';

/** Every domain's business failures, one file per domain under domain-errors/. */
export const domainErrorCatalogue = {
  ...apiKeyErrors,
  ...approvalErrors,
  ...authErrors,
  ...chainErrors,
  ...companyErrors,
  ...complianceErrors,
  ...dashboardErrors,
  ...dataExportErrors,
  ...invoiceErrors,
  ...kycErrors,
  ...marketErrors,
  ...mintingErrors,
  ...notificationErrors,
  ...offsetErrors,
  ...operationErrors,
  ...profileErrors,
  ...purchaseErrors,
  ...reconciliationErrors,
  ...registryErrors,
  ...retirementErrors,
  ...roleErrors,
  ...signingErrors,
  ...tenantErrors,
  ...userErrors,
  ...walletErrors,
  ...webhookErrors,
} as const satisfies Record<`${Uppercase<string>}__${Uppercase<string>}`, DomainErrorDefinition>;

export type DomainErrorCode = keyof typeof domainErrorCatalogue;

export function isDomainErrorCode(value: unknown): value is DomainErrorCode {
  return typeof value === 'string' && Object.hasOwn(domainErrorCatalogue, value);
}
