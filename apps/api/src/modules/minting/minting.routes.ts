import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiEnvelope,
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { operationBinderOf } from '../idempotency';
import { createMintingBatch, findMintingJob, getMintingJob, listMintingJobs, toMintingJob } from './minting-jobs.service';
import { registerMintApprovals } from './minting.approval';
import { executedMintOutcome, executeMint, type ExecuteOutcome } from './minting.commands';
import { mintingDeps } from './minting.deps';
import { enqueueMintingJob, registerMintingJobs } from './minting.jobs';
import { tokenMetadataDocument } from './minting.metadata';
import { previewMint } from './minting.preview';
import { getMintOperation, listMintOperations } from './minting.queries';
import { mintingSettingsOf, updateMintingSettings } from './minting.settings';

function executed(request: FastifyRequest, reply: FastifyReply, { result, awaitingApproval }: ExecuteOutcome): FastifyReply {
  if (awaitingApproval) return reply.status(202).send(ok(request, result, mintingTexts.awaitingApproval));
  return reply.send(ok(request, result, result.operation.status === 'completed' ? mintingTexts.mintCompleted : undefined));
}

/** docs/product.md §2 Advanced mint wizard and Batch VCU minting, the mint's approval handler (decided in /approvals) and the minting settings. */
export const mintingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = mintingDeps(app);
  await registerMintingJobs(app, deps);
  registerMintApprovals(deps);
  const mint = app.requirePermission('tokens:mint');
  const read = app.requirePermission('tokens:read');

  app.post(
    '/minting/preview',
    {
      onRequest: mint,
      schema: {
        tags: ['minting'],
        summary: 'Check a mint and read its fees from the chain; stores a preview that execution needs',
        body: mintPreviewRequest,
        response: { 200: apiEnvelope(mintPreviewSchema) },
      },
    },
    async (request) => {
      const preview = await previewMint(deps, actorOf(request), request.body);
      return ok(request, preview, preview.valid ? mintingTexts.previewValid : preview.checks.balance.message);
    },
  );

  app.post(
    '/minting/execute',
    {
      onRequest: mint,
      config: {
        idempotency: 'required',
        // A retry of an execute that stored no answer answers its operation once decided, never a second mint.
        idempotentOperation: async (request, reply, operationId) => {
          const outcome = await executedMintOutcome(deps, actorOf(request), operationId);
          return outcome && executed(request, reply, outcome);
        },
      },
      schema: {
        tags: ['minting'],
        summary: 'Execute a reviewed preview (Idempotency-Key required); 202 when the mint waits for approval',
        body: executeMintRequest,
        response: { 200: apiEnvelope(executeMintResultSchema), 202: apiEnvelope(executeMintResultSchema) },
      },
    },
    async (request, reply) => executed(request, reply, await executeMint(deps, actorOf(request), request.body.previewId, operationBinderOf(request))),
  );

  app.get(
    '/minting/operations',
    {
      onRequest: read,
      schema: {
        tags: ['minting'],
        summary: "The company's mint operations, newest first",
        querystring: mintOperationListQuery,
        response: { 200: apiEnvelope(z.array(mintOperationSchema)) },
      },
    },
    async (request) => ok(request, await listMintOperations(deps, actorOf(request), request.query.limit)),
  );

  app.get(
    '/minting/operations/:id',
    {
      onRequest: read,
      schema: { tags: ['minting'], summary: 'One mint operation', params: mintOperationIdParams, response: { 200: apiEnvelope(mintOperationSchema) } },
    },
    async (request) => ok(request, await getMintOperation(deps, actorOf(request), request.params.id)),
  );

  app.post(
    '/minting/batches',
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
      schema: {
        tags: ['minting'],
        summary: 'Mint chosen VCU blocks as a background job (Idempotency-Key required)',
        body: createMintingBatchRequest,
        response: { 202: apiEnvelope(mintingJobSchema) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const job = await createMintingBatch(deps, actor, request.body, operationBinderOf(request));
      await enqueueMintingJob(app, { tenantId: actor.tenantId, jobId: job.id });
      return reply.status(202).send(ok(request, toMintingJob(job), mintingTexts.batchCreated));
    },
  );

  app.get(
    '/minting/batches',
    {
      onRequest: read,
      schema: {
        tags: ['minting'],
        summary: "The company's minting jobs, newest first",
        querystring: mintOperationListQuery,
        response: { 200: apiEnvelope(z.array(mintingJobSchema)) },
      },
    },
    async (request) => ok(request, await listMintingJobs(deps, actorOf(request), request.query.limit)),
  );

  app.get(
    '/minting/batches/:id',
    {
      onRequest: read,
      schema: { tags: ['minting'], summary: 'One minting job with its progress', params: mintingJobIdParams, response: { 200: apiEnvelope(mintingJobSchema) } },
    },
    async (request) => ok(request, await getMintingJob(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/public/tokens/:mint/metadata.json',
    {
      schema: {
        tags: ['minting'],
        summary:
          "A project mint's metadata document (its on-chain uri): registry facts and the serial ranges behind the supply. Public, in the token-metadata JSON format wallets read, not the API envelope",
        params: tokenMetadataParams,
        response: { 200: tokenMetadataDocumentSchema },
      },
    },
    async (request, reply) => {
      const document = await tokenMetadataDocument(deps, request.params.mint);
      return reply.header('cache-control', 'public, max-age=60').send(document);
    },
  );

  app.get(
    '/minting/settings',
    {
      onRequest: read,
      schema: {
        tags: ['minting'],
        summary: 'Approval limit (tCO2e) and prices per tCO2e by project type',
        response: { 200: apiEnvelope(mintingSettingsSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => mintingSettingsOf(tx))),
  );

  app.put(
    '/minting/settings',
    {
      onRequest: app.requirePermission('settings:blockchain'),
      schema: {
        tags: ['minting'],
        summary: 'Change the approval limit or prices',
        body: updateMintingSettingsRequest,
        response: { 200: apiEnvelope(mintingSettingsSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => updateMintingSettings(tx, actorOf(request), request.body))),
  );
};
