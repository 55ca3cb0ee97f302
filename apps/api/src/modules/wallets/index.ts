/**
 * The wallets module's public face: what app.ts and other modules may use of it (company
 * wallets, their managed keys and the tenant's token mints). Repositories and routes stay internal.
 */
export { walletsRoutes, walletDeps } from './wallets.routes';
export { approveWallet, createManagedWallet, markVerifiedOnChain, operationalWalletOfCompany, type WalletActor, type WalletDeps } from './wallets.service';
export { platformManagedSigner } from './managed-wallet-keys';
export { openMintForApprovedWallets, openWalletAccounts } from './wallet-chain.service';
export { findTokenMint, findWalletByAddress, listTokenMints, recordTokenMint, type TokenMintRow, type WalletRow } from './wallets.queries';
