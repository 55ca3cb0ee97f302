/**
 * The compliance module's face: its routes (profile and limits), the limits check the mint and
 * retire commands run in their transaction, and what the kyc module calls when a company's
 * KYC/AML status changed (token accounts frozen or thawed on chain).
 */
export { complianceRoutes } from './compliance.routes';
export { complianceDepsOf, type ComplianceDeps } from './compliance.deps';
export { assertWithinComplianceLimits, type LimitCheck } from './compliance.limits';
export { followKycStatus, sweepKycTokenAccounts, type KycStatusFollow } from './compliance.kyc-chain';
export { complianceProfile } from './compliance.profile';
