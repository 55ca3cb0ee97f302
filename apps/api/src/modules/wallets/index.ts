/**
 * The wallets module's public face: what app.ts and other modules may use of it (company
 * wallets, their managed keys and the tenant's token mints). Repositories and routes stay internal.
 */
export { walletsRoutes } from './wallets.routes';
export { walletDeps } from './wallets.deps';
export { createManagedWallet } from './wallets.registration';
export { approveWallet } from './wallets.approval';
export { markVerifiedOnChain } from './wallets.verification';
export { findWalletByAddress, listTokenMints, operationalWalletOfCompany, recordTokenMint } from './wallets.queries';
export { platformManagedSigner } from './managed-wallet-keys';
export { freezeWalletAccounts, openMintForApprovedWallets, openWalletAccounts } from './wallet-chain.service';
