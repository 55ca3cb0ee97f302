/**
 * Reads (and the one write) of the wallets module's records that other modules run inside
 * their own database transaction: a wallet by its address (retirements find the managed
 * wallet that signs), the tenant's project mints (portfolio, and minting records a new one).
 */
export { findWalletByAddress, type WalletRow } from './wallets.repository';
export { findTokenMint, listTokenMints, recordTokenMint, type TokenMintRow } from './token-mints.repository';
