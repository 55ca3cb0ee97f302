/**
 * Reads (and the one write) of the chain module's records that other modules need directly,
 * inside their own database transaction: the audit verification reads the tenant's issuer key,
 * signing reads a prepared transaction, retirements expire one they replace.
 */
export { findPlatformKey, type PlatformKeyRow } from './platform-keys.repository';
export { findSubmission, findSubmissionForUpdate, markFinished, type SubmissionRow } from './submissions.repository';
