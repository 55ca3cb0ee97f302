import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiEnvelope,
  authResultSchema,
  csrfTokenSchema,
  idParams,
  linkedWalletSchema,
  lockedAccountSchema,
  loginRequest,
  loginTexts,
  mfaConfirmRequest,
  mfaEnrolmentSchema,
  mfaRecoveryCodesSchema,
  mfaStatusSchema,
  passwordChangeRequest,
  passwordChangeResultSchema,
  profileUpdateRequest,
  sessionRestoreHeaders,
  sessionRestoreSchema,
  userAccessStateSchema,
  userSchema,
  walletChallengeRequest,
  walletChallengeSchema,
  walletLinkRequest,
  walletSessionRequest,
  walletSessionResultSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { authOf, originOf } from '../../plugins/auth';
import { sendCsrfToken } from '../../plugins/csrf';
import { LOGIN_RATE_LIMIT } from '../../plugins/rate-limit';
import * as accounts from './accounts.service';
import * as auth from './auth.service';
import { createLoginThrottle } from './login-throttle';
import * as mfa from './mfa.service';
import * as wallets from './wallet.service';

function depsOf(app: FastifyInstance): auth.AuthDeps {
  return {
    db: app.db,
    tokens: app.tokens,
    policy: app.sessionPolicy,
    secrets: app.mfaSecrets,
    throttle: createLoginThrottle(),
    sessionCache: app.sessionCache,
  };
}

/** The domain and URI the wallet shows the user: the public URL when configured, else the host asked. */
function challengeContext(app: FastifyInstance, request: FastifyRequest): wallets.ChallengeContext {
  const origin = app.config.publicUrl ? new URL(app.config.publicUrl) : new URL(`${request.protocol}://${request.host}`);
  return { domain: origin.host, uri: origin.origin, chainId: app.config.solanaCluster };
}

/** Registered under API_BASE_PATH. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const publicRoute = { csrf: false, rateLimit: LOGIN_RATE_LIMIT };

  app.post(
    '/auth/login',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail, password and (when enabled) the MFA code',
        body: loginRequest,
        response: { 200: apiEnvelope(authResultSchema) },
      },
    },
    async (request, reply) => {
      const { result, csrfToken } = await auth.signIn(deps, originOf(request), request.body, { method: 'password' });
      request.signedInAs = { tenantId: result.tenant.id, userId: result.user.id };
      sendCsrfToken(reply, csrfToken);
      return ok(request, result, loginTexts.signedIn);
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: app.authenticate, schema: { tags: ['auth'], summary: 'End the current session', response: { 200: apiEnvelope(z.null()) } } },
    async (request) => {
      await auth.logout(deps, originOf(request), authOf(request));
      return ok(request, null, 'Signed out');
    },
  );

  app.post(
    '/auth/refresh',
    {
      onRequest: app.authenticate,
      // Refresh only touches the caller's own session and hands out a new CSRF token itself.
      config: { csrf: false },
      schema: { tags: ['auth'], summary: 'Rotate the access token of the current session', response: { 200: apiEnvelope(authResultSchema) } },
    },
    async (request, reply) => {
      const { result, csrfToken } = await auth.refresh(deps, authOf(request));
      sendCsrfToken(reply, csrfToken);
      return ok(request, result, 'Token refreshed');
    },
  );

  app.get(
    '/auth/session',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Restore the session of a stored session id and fingerprint',
        headers: sessionRestoreHeaders,
        response: { 200: apiEnvelope(sessionRestoreSchema) },
      },
    },
    async (request) => {
      const claimed = { sessionId: request.headers['x-session-id'], fingerprint: request.headers['x-session-fingerprint'] };
      return ok(request, await auth.restoreSession(deps, originOf(request), authOf(request), claimed), 'Session restored');
    },
  );

  app.patch(
    '/auth/profile',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Update the own profile', body: profileUpdateRequest, response: { 200: apiEnvelope(userSchema) } },
    },
    async (request) => ok(request, await accounts.updateProfile(deps, originOf(request), authOf(request), request.body), 'Profile updated'),
  );

  app.post(
    '/auth/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the own password; other sessions end',
        body: passwordChangeRequest,
        response: { 200: apiEnvelope(passwordChangeResultSchema) },
      },
    },
    async (request) => ok(request, await accounts.changePassword(deps, originOf(request), authOf(request), request.body), 'Password changed'),
  );

  app.get(
    '/auth/csrf-token',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'The CSRF token of the current session', response: { 200: apiEnvelope(csrfTokenSchema) } },
    },
    async (request) => ok(request, { token: authOf(request).csrfToken }),
  );

  app.post(
    '/auth/mfa/enroll',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Start TOTP enrolment (otpauth URL and QR code)', response: { 200: apiEnvelope(mfaEnrolmentSchema) } },
    },
    async (request) => ok(request, await mfa.enrolMfa(deps, authOf(request)), 'Scan the QR code with your authenticator app'),
  );

  app.post(
    '/auth/mfa/confirm',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Confirm TOTP enrolment with a 6-digit code',
        body: mfaConfirmRequest,
        response: { 200: apiEnvelope(mfaRecoveryCodesSchema) },
      },
    },
    async (request) => ok(request, await mfa.confirmMfa(deps, originOf(request), authOf(request), request.body.code), 'Two-factor authentication enabled'),
  );

  app.post(
    '/auth/mfa/disable',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Turn TOTP off with a current code', body: mfaConfirmRequest, response: { 200: apiEnvelope(mfaStatusSchema) } },
    },
    async (request) => ok(request, await mfa.disableMfa(deps, originOf(request), authOf(request), request.body.code), 'Two-factor authentication disabled'),
  );

  app.post(
    '/auth/wallet/challenge',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Issue a single-use Sign-In-With-Solana message',
        body: walletChallengeRequest,
        response: { 200: apiEnvelope(walletChallengeSchema) },
      },
    },
    async (request) =>
      ok(request, await wallets.issueChallenge(deps, challengeContext(app, request), request.body.walletAddress), 'Sign this message with your wallet'),
  );

  app.post(
    '/auth/wallet/session',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Dual authentication: wallet signature plus e-mail and password',
        body: walletSessionRequest,
        response: { 200: apiEnvelope(walletSessionResultSchema) },
      },
    },
    async (request, reply) => {
      const { result, csrfToken } = await wallets.walletSignIn(deps, originOf(request), request.body);
      request.signedInAs = { tenantId: result.tenant.id, userId: result.user.id };
      sendCsrfToken(reply, csrfToken);
      return ok(request, result, loginTexts.signedIn);
    },
  );

  app.get(
    '/auth/wallet/list',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Wallets linked to the signed-in user', response: { 200: apiEnvelope(z.array(linkedWalletSchema)) } },
    },
    async (request) => ok(request, await wallets.listWallets(deps, authOf(request))),
  );

  app.post(
    '/auth/wallet/link',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Link a wallet by a signed challenge', body: walletLinkRequest, response: { 200: apiEnvelope(linkedWalletSchema) } },
    },
    async (request) => ok(request, await wallets.linkWalletToUser(deps, originOf(request), authOf(request), request.body), 'Wallet linked'),
  );

  app.get(
    '/security/locked-accounts',
    {
      onRequest: app.requireRouteRoles('/security-center'),
      schema: {
        tags: ['users'],
        summary: 'Accounts locked by failed sign-ins now, soonest unlocked first',
        response: { 200: apiEnvelope(z.array(lockedAccountSchema)) },
      },
    },
    async (request) => ok(request, await accounts.listLockedAccounts(deps, authOf(request))),
  );

  app.post(
    '/users/:id/unlock',
    {
      onRequest: app.requirePermission('users:manage'),
      schema: { tags: ['users'], summary: 'Lift the lockout of an account', params: idParams, response: { 200: apiEnvelope(userAccessStateSchema) } },
    },
    async (request) => ok(request, await accounts.unlockUser(deps, originOf(request), authOf(request), request.params.id), 'Account unlocked'),
  );

  app.post(
    '/users/:id/disable',
    {
      onRequest: app.requirePermission('users:manage'),
      schema: {
        tags: ['users'],
        summary: 'Suspend a user and end all their sessions',
        params: idParams,
        response: { 200: apiEnvelope(userAccessStateSchema) },
      },
    },
    async (request) => ok(request, await accounts.disableUser(deps, originOf(request), authOf(request), request.params.id), 'User disabled'),
  );
};
