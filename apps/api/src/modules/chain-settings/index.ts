/**
 * The chain settings module's face: the Settings → Blockchain routes, the tenant's priority-fee
 * policy and how it prices a transaction (the mint preview's fees), and the slippage tolerance
 * the purchase flow quotes with.
 */
export { chainSettingsRoutes } from './chain-settings.routes';
export { lowBalanceKeys, priorityFeePolicyOf, slippageToleranceOf } from './chain-settings.service';
export { priorityFeeFor, rpcFeeSampler, type RecentFeeSampler } from './priority-fee';
