import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE_PATH,
  apiEnvelope,
  approvalIdParams,
  createMintingBatchRequest,
  executeMintRequest,
  executeMintResultSchema,
  mintOperationIdParams,
  mintOperationListQuery,
  mintOperationSchema,
  mintPreviewRequest,
  mintPreviewSchema,
  mintingJobIdParams,
  mintingJobSchema,
  mintingSettingsSchema,
  mintingTexts,
  tokenMetadataDocumentSchema,
  tokenMetadataParams,
  updateMintingSettingsRequest,
} from '@carbonledger/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { explorerTargetOf, publicBaseUrlOf } from '../../lib/explorer';
import { actorOf } from '../../plugins/auth';
import { operationBinderOf } from '../idempotency/idempotency.plugin';
import { createMintingBatch, findMintingJob, getMintingJob, listMintingJobs, toMintingJob } from './minting-jobs.service';
import { enqueueMintingJob, registerMintingJobs } from './minting.jobs';
import * as minting from './minting.service';

/** What the minting services need from the app (also used by the demo holdings seed). */
export function mintingDeps(app: FastifyInstance): minting.MintingDeps {
  return {
    context: app.chainContext,
    publisher: app.live,
    live: app.live,
    explorer: explorerTargetOf(app.config),
    registry: app.registryFor,
    publicBaseUrl: publicBaseUrlOf(app.config),
  };
}

function executed(request: FastifyRequest, reply: FastifyReply, { result, awaitingApproval }: Awaited<ReturnType<typeof minting.executeMint>>): FastifyReply {
  if (awaitingApproval) return reply.status(202).send(ok(request, result, mintingTexts.awaitingApproval));
  return reply.send(ok(request, result, result.operation.status === 'completed' ? mintingTexts.mintCompleted : undefined));
}

/** SPEC §2 Advanced mint wizard and Batch VCU minting, the approval hook and the minting settings. */
export const mintingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = mintingDeps(app);
  await registerMintingJobs(app, deps);
  const mint = app.requirePermission('tokens:mint');
  const read = app.requirePermission('tokens:read');

  app.post(
    `${API_BASE_PATH}/minting/preview`,
    { onRequest: mint, schema: { tags: ['minting'], summary: 'Check a mint and read its fees from the chain; stores a preview that execution needs', body: mintPreviewRequest, response: { 200: apiEnvelope(mintPreviewSchema) } } },
    async (request) => {
      const preview = await minting.previewMint(deps, actorOf(request), request.body);
      return ok(request, preview, preview.valid ? mintingTexts.previewValid : preview.checks.balance.message);
    },
  );

  app.post(
    `${API_BASE_PATH}/minting/execute`,
    {
      onRequest: mint,
      config: {
        idempotency: 'required',
        // A retry of an execute that stored no answer answers its operation once decided, never a second mint.
        idempotentOperation: async (request, reply, operationId) => {
          const outcome = await minting.executedMintOutcome(deps, actorOf(request), operationId);
          return outcome && executed(request, reply, outcome);
        },
      },
      schema: { tags: ['minting'], summary: 'Execute a reviewed preview (Idempotency-Key required); 202 when the mint waits for approval', body: executeMintRequest, response: { 200: apiEnvelope(executeMintResultSchema), 202: apiEnvelope(executeMintResultSchema) } },
    },
    async (request, reply) => executed(request, reply, await minting.executeMint(deps, actorOf(request), request.body.previewId, operationBinderOf(request))),
  );

  app.get(
    `${API_BASE_PATH}/minting/operations`,
    { onRequest: read, schema: { tags: ['minting'], summary: "The company's mint operations, newest first", querystring: mintOperationListQuery, response: { 200: apiEnvelope(z.array(mintOperationSchema)) } } },
    async (request) => ok(request, await minting.listMintOperations(deps, actorOf(request), request.query.limit)),
  );

  app.get(
    `${API_BASE_PATH}/minting/operations/:id`,
    { onRequest: read, schema: { tags: ['minting'], summary: 'One mint operation', params: mintOperationIdParams, response: { 200: apiEnvelope(mintOperationSchema) } } },
    async (request) => ok(request, await minting.getMintOperation(deps, actorOf(request), request.params.id)),
  );

  app.post(
    `${API_BASE_PATH}/minting/batches`,
    {
      onRequest: mint,
      config: {
        idempotency: 'required',
        // A retry of a batch whose answer was lost answers its job (queued again: the first request may have died before queueing it).
        idempotentOperation: async (request, reply, jobId) => {
          const actor = actorOf(request);
          const job = await findMintingJob(deps, actor, jobId);
          await enqueueMintingJob(app, { tenantId: actor.tenantId, jobId: job.id });
          return reply.status(202).send(ok(request, toMintingJob(job), mintingTexts.batchCreated));
        },
      },
      schema: { tags: ['minting'], summary: 'Mint chosen VCU blocks as a background job (Idempotency-Key required)', body: createMintingBatchRequest, response: { 202: apiEnvelope(mintingJobSchema) } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const job = await createMintingBatch(deps, actor, request.body, operationBinderOf(request));
      await enqueueMintingJob(app, { tenantId: actor.tenantId, jobId: job.id });
      return reply.status(202).send(ok(request, toMintingJob(job), mintingTexts.batchCreated));
    },
  );

  app.get(
    `${API_BASE_PATH}/minting/batches`,
    { onRequest: read, schema: { tags: ['minting'], summary: "The company's minting jobs, newest first", querystring: mintOperationListQuery, response: { 200: apiEnvelope(z.array(mintingJobSchema)) } } },
    async (request) => ok(request, await listMintingJobs(deps, actorOf(request), request.query.limit)),
  );

  app.get(
    `${API_BASE_PATH}/minting/batches/:id`,
    { onRequest: read, schema: { tags: ['minting'], summary: 'One minting job with its progress', params: mintingJobIdParams, response: { 200: apiEnvelope(mintingJobSchema) } } },
    async (request) => ok(request, await getMintingJob(deps, actorOf(request), request.params.id)),
  );

  app.post(
    `${API_BASE_PATH}/approvals/:id/approve`,
    {
      onRequest: app.requirePermission('approvals:decide'),
      schema: { tags: ['approvals'], summary: 'Approve a pending mint request; the mint is executed once', params: approvalIdParams, response: { 200: apiEnvelope(executeMintResultSchema) } },
    },
    async (request) => ok(request, await minting.approveMintRequest(deps, actorOf(request), request.params.id)),
  );

  app.get(
    `${API_BASE_PATH}/public/tokens/:mint/metadata.json`,
    {
      schema: {
        tags: ['minting'],
        summary: "A project mint's metadata document (its on-chain uri): registry facts and the serial ranges behind the supply. Public, in the token-metadata JSON format wallets read, not the API envelope",
        params: tokenMetadataParams,
        response: { 200: tokenMetadataDocumentSchema },
      },
    },
    async (request, reply) => {
      const document = await minting.tokenMetadataDocument(deps, request.params.mint);
      return reply.header('cache-control', 'public, max-age=60').send(document);
    },
  );

  app.get(
    `${API_BASE_PATH}/minting/settings`,
    { onRequest: read, schema: { tags: ['minting'], summary: 'Approval limit (tCO2e) and prices per tCO2e by project type', response: { 200: apiEnvelope(mintingSettingsSchema) } } },
    async (request) => ok(request, await request.withTenant((tx) => minting.mintingSettingsOf(tx))),
  );

  app.put(
    `${API_BASE_PATH}/minting/settings`,
    { onRequest: app.requirePermission('settings:blockchain'), schema: { tags: ['minting'], summary: 'Change the approval limit or prices', body: updateMintingSettingsRequest, response: { 200: apiEnvelope(mintingSettingsSchema) } } },
    async (request) => ok(request, await request.withTenant((tx) => minting.updateMintingSettings(tx, actorOf(request), request.body))),
  );
};
