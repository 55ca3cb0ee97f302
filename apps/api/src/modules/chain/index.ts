/**
 * The chain module's public face: what app.ts and other modules may use of it. Everything
 * else in this folder (repositories, the JSON-RPC endpoint, the tracker job) is internal.
 */
export { chainPlugin } from './chain.plugin';
export { masterKeyFromHex, openSecret, sealSecret } from './key-encryption';
export { landedOnChain, presenceOnChain, type ChainPresence } from './chain-presence';
export { platformKeyAddresses, type PlatformSigners } from './platform-keys.service';
export {
  expireUnsentSubmission,
  fundPlatformKeysLocally,
  prepareTransaction,
  sendPlatformTransaction,
  submitTransaction,
  type ChainContext,
  type PreparedTransaction,
  type SubmissionResult,
} from './submissions.service';
export { decideSubmission, trackSentSubmissions } from './submissions.tracker';
export { findPlatformKey, findSubmission, type SubmissionRow } from './chain.queries';
