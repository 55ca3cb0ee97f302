import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_BASE_PATH,
  apiEnvelope,
  canAccess,
  companyWalletDetailSchema,
  companyWalletSchema,
  createManagedWalletRequest,
  preparedTransactionSchema,
  registerExternalWalletRequest,
  signingTexts,
  walletIdParams,
  walletListQuery,
  walletOwnershipChallengeRequest,
  walletOwnershipChallengeSchema,
  walletReasonRequest,
  walletTexts,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { explorerTargetOf } from '../../lib/explorer';
import { configuredOrLocalSecret } from '../../lib/secrets';
import { authOf } from '../../plugins/auth';
import { masterKeyFromHex } from '../chain/key-encryption';
import * as wallets from './wallets.service';
import type { WalletActor, WalletDeps } from './wallets.service';

export function walletActorOf(request: FastifyRequest): WalletActor {
  const auth = authOf(request);
  return {
    tenantId: auth.tenantId,
    companyId: auth.companyId,
    userId: auth.userId,
    administrator: canAccess(auth.role, auth.permissions, 'wallets', 'approve'),
    ip: request.ip ?? null,
    requestId: request.id,
  };
}

const tags = ['wallets'];

/** What the wallet services need from the app (also used by the demo holdings seed). */
export function walletDeps(app: FastifyInstance): WalletDeps {
  return {
    db: app.db,
    chainContext: app.chainContext,
    publisher: app.live,
    masterKey: masterKeyFromHex(configuredOrLocalSecret(app.config.masterKey, app.config.dataDir, 'master')),
    explorer: explorerTargetOf(app.config),
  };
}

export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = `${API_BASE_PATH}/wallets`;
  const deps = walletDeps(app);
  const members = app.requirePermission('wallets:create');
  const readers = app.requirePermission('wallets:read');
  const administrators = app.requirePermission('wallets:approve');
  const wallet = apiEnvelope(companyWalletSchema);

  app.post(
    `${base}/challenge`,
    { onRequest: members, schema: { tags, body: walletOwnershipChallengeRequest, response: { 200: apiEnvelope(walletOwnershipChallengeSchema) } } },
    async (request) => ok(request, await wallets.issueOwnershipChallenge(deps, walletActorOf(request), request.body.address), 'Sign this message with the wallet'),
  );

  app.post(
    `${base}/external`,
    { onRequest: members, schema: { tags, body: registerExternalWalletRequest, response: { 200: wallet, 201: wallet } } },
    async (request, reply) => {
      const registration = await wallets.registerExternalWallet(deps, walletActorOf(request), request.body);
      reply.code(registration.created ? 201 : 200);
      return ok(request, registration.wallet, registration.message);
    },
  );

  app.post(
    `${base}/managed`,
    { onRequest: members, schema: { tags, body: createManagedWalletRequest, response: { 201: wallet } } },
    async (request, reply) => {
      reply.code(201);
      return ok(request, await wallets.createManagedWallet(deps, walletActorOf(request), request.body), walletTexts.registered);
    },
  );

  app.get(
    base,
    { onRequest: readers, schema: { tags, querystring: walletListQuery, response: { 200: apiEnvelope(z.array(companyWalletSchema)) } } },
    async (request) => ok(request, await wallets.listWallets(deps, walletActorOf(request), request.query)),
  );

  app.get(
    `${base}/:id`,
    { onRequest: readers, schema: { tags, params: walletIdParams, response: { 200: apiEnvelope(companyWalletDetailSchema) } } },
    async (request) => ok(request, await wallets.walletDetail(deps, walletActorOf(request), request.params.id)),
  );

  app.put(
    `${base}/:id/primary`,
    { onRequest: members, schema: { tags, params: walletIdParams, response: { 200: wallet } } },
    async (request) => ok(request, await wallets.setPrimaryWallet(deps, walletActorOf(request), request.params.id), walletTexts.primarySet),
  );

  app.delete(
    `${base}/:id`,
    { onRequest: members, schema: { tags, params: walletIdParams, response: { 200: apiEnvelope(z.null()) } } },
    async (request) => {
      await wallets.removeWallet(deps, walletActorOf(request), request.params.id);
      return ok(request, null, walletTexts.removed);
    },
  );

  app.post(
    `${base}/:id/prepare-verification`,
    { onRequest: members, schema: { tags, params: walletIdParams, response: { 200: apiEnvelope(preparedTransactionSchema) } } },
    async (request) => {
      const prepared = await wallets.prepareWalletVerification(deps, walletActorOf(request), request.params.id);
      return ok(request, { ...prepared, requiredSigner: prepared.requiredSigner as string, lastValidBlockHeight: prepared.lastValidBlockHeight.toString() }, signingTexts.prepared);
    },
  );

  app.post(
    `${base}/:id/approve`,
    { onRequest: administrators, schema: { tags, params: walletIdParams, response: { 200: wallet } } },
    async (request) => {
      const approved = await wallets.approveWallet(deps, walletActorOf(request), request.params.id);
      return ok(request, approved, approved.status === 'active' ? walletTexts.approved : walletTexts.approvedChainPending);
    },
  );

  app.post(
    `${base}/:id/reactivate`,
    { onRequest: administrators, schema: { tags, params: walletIdParams, response: { 200: wallet } } },
    async (request) => ok(request, await wallets.reactivateWallet(deps, walletActorOf(request), request.params.id), walletTexts.reactivated),
  );

  const decisions = [
    ['reject', wallets.rejectWallet, walletTexts.rejected],
    ['suspend', wallets.suspendWallet, walletTexts.suspended],
    ['revoke', wallets.revokeWallet, walletTexts.revoked],
  ] as const;
  for (const [path, decide, message] of decisions) {
    app.post(
      `${base}/:id/${path}`,
      { onRequest: administrators, schema: { tags, params: walletIdParams, body: walletReasonRequest, response: { 200: wallet } } },
      async (request) => ok(request, await decide(deps, walletActorOf(request), request.params.id, request.body.reason), message),
    );
  }
};
