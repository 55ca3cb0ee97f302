import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
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
import { actorOf } from '../../plugins/auth';
import { approveWallet, reactivateWallet, registerWalletApprovals, rejectWallet, revokeWallet, suspendWallet } from './wallets.approval';
import { removeWallet, setPrimaryWallet } from './wallets.commands';
import { walletDeps } from './wallets.deps';
import { listWallets, walletDetail } from './wallets.queries';
import { createManagedWallet, issueOwnershipChallenge, registerExternalWallet } from './wallets.registration';
import { prepareWalletVerification } from './wallets.verification';

const tags = ['wallets'];

export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/wallets';
  const deps = walletDeps(app);
  registerWalletApprovals(deps);
  const members = app.requirePermission('wallets:create');
  const readers = app.requirePermission('wallets:read');
  const administrators = app.requirePermission('wallets:approve');
  const wallet = apiEnvelope(companyWalletSchema);

  app.post(
    `${base}/challenge`,
    {
      onRequest: members,
      schema: {
        tags,
        summary: 'A single-use message (valid 5 minutes) the wallet signs to prove it is yours',
        body: walletOwnershipChallengeRequest,
        response: { 200: apiEnvelope(walletOwnershipChallengeSchema) },
      },
    },
    async (request) => ok(request, await issueOwnershipChallenge(deps, actorOf(request), request.body.address), 'Sign this message with the wallet'),
  );

  app.post(
    `${base}/external`,
    {
      onRequest: members,
      schema: {
        tags,
        summary: 'Register an external wallet by its signed ownership message; 201 when new, 200 when already registered',
        body: registerExternalWalletRequest,
        response: { 200: wallet, 201: wallet },
      },
    },
    async (request, reply) => {
      const registration = await registerExternalWallet(deps, actorOf(request), request.body);
      reply.code(registration.created ? 201 : 200);
      return ok(request, registration.wallet, registration.message);
    },
  );

  app.post(
    `${base}/managed`,
    {
      onRequest: members,
      schema: {
        tags,
        summary: 'Create a platform-managed wallet (its key is generated and sealed on the server); pending until approved',
        body: createManagedWalletRequest,
        response: { 201: wallet },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(request, await createManagedWallet(deps, actorOf(request), request.body), walletTexts.registered);
    },
  );

  app.get(
    base,
    {
      onRequest: readers,
      schema: {
        tags,
        summary: "The company's wallets, primary first; administrators: by company or status across the tenant",
        querystring: walletListQuery,
        response: { 200: apiEnvelope(z.array(companyWalletSchema)) },
      },
    },
    async (request) => ok(request, await listWallets(deps, actorOf(request), request.query)),
  );

  app.get(
    `${base}/:id`,
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'One wallet with its SOL and token balances read from the chain',
        params: walletIdParams,
        response: { 200: apiEnvelope(companyWalletDetailSchema) },
      },
    },
    async (request) => ok(request, await walletDetail(deps, actorOf(request), request.params.id)),
  );

  app.put(
    `${base}/:id/primary`,
    {
      onRequest: members,
      schema: { tags, summary: "Make an operational wallet the company's primary wallet", params: walletIdParams, response: { 200: wallet } },
    },
    async (request) => ok(request, await setPrimaryWallet(deps, actorOf(request), request.params.id), walletTexts.primarySet),
  );

  app.delete(
    `${base}/:id`,
    {
      onRequest: members,
      schema: {
        tags,
        summary: 'Remove a wallet that holds no tokens (its token accounts are frozen first)',
        params: walletIdParams,
        response: { 200: apiEnvelope(z.null()) },
      },
    },
    async (request) => {
      await removeWallet(deps, actorOf(request), request.params.id);
      return ok(request, null, walletTexts.removed);
    },
  );

  app.post(
    `${base}/:id/prepare-verification`,
    {
      onRequest: members,
      schema: {
        tags,
        summary: 'Prepare the on-chain verification memo an external wallet signs and submits through /signing',
        params: walletIdParams,
        response: { 200: apiEnvelope(preparedTransactionSchema) },
      },
    },
    async (request) => {
      const prepared = await prepareWalletVerification(deps, actorOf(request), request.params.id);
      return ok(
        request,
        { ...prepared, requiredSigner: prepared.requiredSigner, lastValidBlockHeight: prepared.lastValidBlockHeight.toString() },
        signingTexts.prepared,
      );
    },
  );

  app.post(
    `${base}/:id/approve`,
    {
      onRequest: administrators,
      schema: { tags, summary: 'Approve a wallet and open its token accounts on chain', params: walletIdParams, response: { 200: wallet } },
    },
    async (request) => {
      const approved = await approveWallet(deps, actorOf(request), request.params.id);
      return ok(request, approved, approved.status === 'active' ? walletTexts.approved : walletTexts.approvedChainPending);
    },
  );

  app.post(
    `${base}/:id/reactivate`,
    {
      onRequest: administrators,
      schema: { tags, summary: 'Reactivate a suspended wallet (its token accounts are thawed)', params: walletIdParams, response: { 200: wallet } },
    },
    async (request) => ok(request, await reactivateWallet(deps, actorOf(request), request.params.id), walletTexts.reactivated),
  );

  const decisions = [
    ['reject', rejectWallet, walletTexts.rejected],
    ['suspend', suspendWallet, walletTexts.suspended],
    ['revoke', revokeWallet, walletTexts.revoked],
  ] as const;
  for (const [path, decide, message] of decisions) {
    app.post(
      `${base}/:id/${path}`,
      {
        onRequest: administrators,
        schema: {
          tags,
          summary: {
            reject: 'Reject a pending wallet, with the reason',
            suspend: 'Suspend a wallet, with the reason (its token accounts are frozen)',
            revoke: 'Revoke a wallet for good, with the reason (its token accounts are frozen)',
          }[path],
          params: walletIdParams,
          body: walletReasonRequest,
          response: { 200: wallet },
        },
      },
      async (request) => ok(request, await decide(deps, actorOf(request), request.params.id, request.body.reason), message),
    );
  }
};
