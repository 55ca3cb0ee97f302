/**
 * Reads of the chain module's records that other modules run inside their own database
 * transaction: the audit verification reads the tenant's issuer key, signing a prepared
 * transaction and wallets the verification memo's submission.
 */
export { findPlatformKey } from './platform-keys.repository';
export { findSubmission, type SubmissionRow } from './submissions.repository';
