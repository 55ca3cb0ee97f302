import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  cacheDeletedSchema,
  cacheDeletePatternRequest,
  cacheKeyListSchema,
  cacheKeyParams,
  cacheKeysQuery,
  cacheStatsSchema,
  jobIdParams,
  jobListQuery,
  jobListSchema,
  jobQueueListSchema,
  jobQueueSchema,
  jobSchema,
  metricsSnapshotSchema,
  queueNameParams,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import * as cacheAdmin from './cache-admin.service';
import * as jobsMonitor from './jobs-monitor.service';
import * as metrics from './metrics.service';

/** docs/product.md §2 Jobs Monitor, Cache Dashboard and System Metrics: the platform company's administrators only (operations.access.ts). */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRoles(['ADMIN', 'SUPER_ADMIN']);
  const jobs = { db: app.db, jobs: app.jobs };
  const cache = { db: app.db, cache: app.cache };
  const tags = ['operations'];

  app.get(
    '/operations/jobs',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Jobs of every queue for a Jobs Monitor tab, newest first',
        querystring: jobListQuery,
        response: { 200: apiEnvelope(jobListSchema) },
      },
    },
    async (request) => ok(request, await jobsMonitor.listJobs(jobs, actorOf(request), request.query)),
  );
  app.get(
    '/operations/queues',
    {
      onRequest: guard,
      schema: { tags, summary: 'Job queues with their paused state and jobs per status', response: { 200: apiEnvelope(jobQueueListSchema) } },
    },
    async (request) => ok(request, await jobsMonitor.listQueues(jobs, actorOf(request))),
  );
  app.post(
    '/operations/jobs/:id/retry',
    { onRequest: guard, schema: { tags, summary: 'Run a failed job again', params: jobIdParams, response: { 200: apiEnvelope(jobSchema) } } },
    async (request) => ok(request, await jobsMonitor.retryJob(jobs, actorOf(request), request.params.id)),
  );
  app.post(
    '/operations/jobs/:id/cancel',
    { onRequest: guard, schema: { tags, summary: 'Cancel a job no worker has taken yet', params: jobIdParams, response: { 200: apiEnvelope(jobSchema) } } },
    async (request) => ok(request, await jobsMonitor.cancelJob(jobs, actorOf(request), request.params.id)),
  );
  app.post(
    '/operations/queues/:name/pause',
    {
      onRequest: guard,
      schema: { tags, summary: "Stop every node's workers taking the queue's jobs", params: queueNameParams, response: { 200: apiEnvelope(jobQueueSchema) } },
    },
    async (request) => ok(request, await jobsMonitor.pauseQueue(jobs, actorOf(request), request.params.name)),
  );
  app.post(
    '/operations/queues/:name/resume',
    {
      onRequest: guard,
      schema: { tags, summary: "Let the workers take the queue's jobs again", params: queueNameParams, response: { 200: apiEnvelope(jobQueueSchema) } },
    },
    async (request) => ok(request, await jobsMonitor.resumeQueue(jobs, actorOf(request), request.params.name)),
  );

  app.get(
    '/operations/cache',
    {
      onRequest: guard,
      schema: { tags, summary: 'The cache: backend, keys, memory, hit ratio, key patterns', response: { 200: apiEnvelope(cacheStatsSchema) } },
    },
    async (request) => ok(request, await cacheAdmin.cacheStats(cache, actorOf(request))),
  );
  app.get(
    '/operations/cache/keys',
    {
      onRequest: guard,
      schema: { tags, summary: 'Cache keys matching a glob', querystring: cacheKeysQuery, response: { 200: apiEnvelope(cacheKeyListSchema) } },
    },
    async (request) => ok(request, await cacheAdmin.cacheKeys(cache, actorOf(request), request.query)),
  );
  app.delete(
    '/operations/cache/keys/:key',
    { onRequest: guard, schema: { tags, summary: 'Delete one cache key', params: cacheKeyParams, response: { 200: apiEnvelope(cacheDeletedSchema) } } },
    async (request) => ok(request, await cacheAdmin.deleteCacheKey(cache, actorOf(request), request.params.key)),
  );
  app.post(
    '/operations/cache/delete-pattern',
    {
      onRequest: guard,
      schema: { tags, summary: 'Delete every cache key matching a glob', body: cacheDeletePatternRequest, response: { 200: apiEnvelope(cacheDeletedSchema) } },
    },
    async (request) => ok(request, await cacheAdmin.deleteCachePattern(cache, actorOf(request), request.body.pattern)),
  );

  app.get(
    '/operations/metrics',
    {
      onRequest: guard,
      schema: { tags, summary: 'System Metrics: performance, database, network, system resources', response: { 200: apiEnvelope(metricsSnapshotSchema) } },
    },
    async (request) => ok(request, await metrics.metricsSnapshot({ db: app.db, metrics: app.metrics }, actorOf(request))),
  );
};
