/**
 * The KYC module's face: its routes (the company's onboarding and the officers' reviews), and
 * the type of the company status change the compliance controls hear of.
 */
export { kycRoutes } from './kyc.routes';
export type { KycStatusChange } from './kyc.deps';
