/**
 * The auth module's face: the request guards (app.authenticate, app.requireRoles, …), the
 * sign-in and account routes, and the Sign-In-With-Solana proof that the wallets module
 * reuses for its own wallet challenges. The request's caller (authOf, actorOf, originOf)
 * is read through plugins/auth.ts, which every module may use without depending on this one.
 */
export { authPlugin } from './auth.plugin';
export { authRoutes } from './auth.routes';
export { LOCKOUT } from './auth.service';
export { newNonce, nonceOf, walletSignatureValid } from './siws';
