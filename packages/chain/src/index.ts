export * from './client';
export { openEmbeddedChain, type EmbeddedChainOptions } from './drivers/embedded';
