export * from './client';
export * from './transaction-error';
export * from './wire';
export * from './accounts';
export * from './fees';
export * from './programs';
export * from './identify';
export * from './builders/transaction';
export * from './builders/token';
export * from './builders/certificate';
export {
  openEmbeddedChain,
  isEmbeddedChain,
  BLOCKHASH_VALIDITY_BLOCKS,
  DEFAULT_BLOCK_INTERVAL_MS,
  type EmbeddedChainClient,
  type EmbeddedChainOptions,
} from './drivers/embedded';
export { openRpcChain, type RpcChainOptions } from './drivers/rpc';
export {
  EMBEDDED_GENESIS_HASH,
  FINALIZED_AFTER_BLOCKS,
  MAX_RECENT_BLOCKS,
  type EmbeddedBlock,
  type EmbeddedChainEvent,
  type EmbeddedChainListener,
  type EmbeddedEpochInfo,
} from './drivers/embedded-blocks';
export type { EmbeddedInnerInstruction, EmbeddedTransactionMeta } from './drivers/embedded-meta';
export { transactionFee, type InstructionData } from './drivers/history';
