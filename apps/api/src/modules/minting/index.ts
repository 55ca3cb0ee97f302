/**
 * The minting module's face: its routes (with the batch queue and the stale-operation sweep),
 * the dependencies built from the app, the preview and execution the demo seed drives, and the
 * tenant's minting settings the portfolio prices holdings with.
 */
export { mintingRoutes } from './minting.routes';
export { mintingDeps, type MintingDeps } from './minting.deps';
export { previewMint } from './minting.preview';
export { executeMint } from './minting.commands';
export { mintingSettingsOf } from './minting.settings';
/** A paid credit purchase delivered as a mint operation whose id is the order's (modules/purchases). */
export { openOrderMint, orderMintState, runOrderMint, type OrderMintRequest, type OrderMintState } from './minting.purchase';
