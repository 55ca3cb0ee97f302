import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openEmbeddedChain, openRpcChain, type ChainClient } from '@carbonledger/chain';
import { API_BASE_PATH } from '@carbonledger/contracts';
import type { AppConfig } from './config';
import { AppError } from './lib/app-error';
import { assertRedisReachable } from './lib/redis';
import { explorerTargetOf, publicBaseUrlOf, type ExplorerTarget } from './lib/explorer';
import { configuredOrLocalSecret } from './lib/secrets';
import { startTracing, type Tracing } from './lib/tracing';
import { chainPlugin, masterKeyFromHex } from './modules/chain';
import { databaseTarget, openDatabase, type Database } from './db/database';
import { requestContextPlugin, requestIdFor } from './plugins/request-context';
import { tracingPlugin } from './plugins/tracing';
import { errorsPlugin, sendAppError } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { spaPlugin } from './plugins/spa';
import { startJobQueue, stopJobQueue, type JobQueue } from './plugins/jobs';
import { openCache, type Cache } from './lib/cache';
import { operationsPlugin, operationsRoutes } from './modules/operations';
import { createRealtimeServer, dropRealtimeConnections, shareRoomsThroughRedis, type RealtimeServer } from './plugins/realtime';
import { HEALTH_PATHS, healthRoutes } from './modules/health';
import { realtimePlugin, sessionEndingsPlugin } from './modules/realtime';
import { idempotencyPlugin } from './modules/idempotency';
import { notificationChannelsPlugin, notificationPreferencesRoutes, notificationsRoutes } from './modules/notifications';
import { dashboardRoutes } from './modules/dashboard';
import { rateLimitPlugin } from './plugins/rate-limit';
import { apiKeyGatePlugin, apiKeysRoutes } from './modules/api-keys';
import { authPlugin, authRoutes } from './modules/auth';
import { tenantPlugin } from './plugins/tenant';
import { requestLogPlugin, requestLogsRoutes } from './modules/request-logs';
import { sessionCachePlugin, sessionsRoutes } from './modules/sessions';
import { securityFeedPlugin, securityRoutes } from './modules/security';
import { frontendLogsRoutes } from './modules/frontend-logs';
import { realtimeConfigRoutes } from './modules/realtime-config';
import { clientConfigRoutes } from './modules/client-config';
import { projectsRoutes } from './modules/projects';
import { mintingRoutes } from './modules/minting';
import { approvalsRoutes } from './modules/approvals';
import { chainSettingsRoutes } from './modules/chain-settings';
import { filesRoutes } from './modules/files';
import { profileRoutes } from './modules/profile';
import { activityFeedPlugin, activityRoutes } from './modules/activity';
import { portfolioRoutes } from './modules/portfolio';
import { walletsRoutes } from './modules/wallets';
import { signingRoutes } from './modules/signing';
import { transactionsRoutes } from './modules/transactions';
import { retirementsRoutes } from './modules/retirements';
import { offsetsRoutes } from './modules/offsets';
import { invoicesRoutes } from './modules/invoices';
import { purchasesRoutes } from './modules/purchases';
import { companiesRoutes } from './modules/companies';
import { kycRoutes } from './modules/kyc';
import { complianceRoutes } from './modules/compliance';
import { marketRoutes } from './modules/market';
import { tenantsRoutes } from './modules/tenants';
import { certificatesRoutes } from './modules/certificates';
import { mailRoutes } from './modules/mail';
import { webhooksRoutes } from './modules/webhooks';
import { dataExportsRoutes } from './modules/data-exports';
import { usersRoutes } from './modules/users';
import { auditPlugin } from './modules/audit';
import { reconciliationRoutes } from './modules/reconciliation';
import { rolesRoutes } from './modules/roles';
import { registryProviderOf, registryRoutes, type RegistryProvider } from './modules/registry';
import { seedDemo, seedDemoHoldingsAtStartup } from './modules/demo';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    jobs: JobQueue;
    chain: ChainClient;
    realtime: RealtimeServer;
    /** The registry behind projects, minting and retirements: Verra when configured, else the embedded sandbox. */
    registryFor: RegistryProvider;
    /** Seals platform and managed-wallet keys and MFA secrets: MASTER_KEY, or a key kept in DATA_DIR. */
    masterKey: Buffer;
    /** Where explorer links of transactions, mints and certificates point. */
    explorer: ExplorerTarget;
    /** The product's public address, for verification links and QR codes. */
    publicBaseUrl: string;
    /** Hot reads (lib/cache.ts): Redis when REDIS_URL is set, else in-process. */
    cache: Cache;
  }
}

export interface AppOverrides {
  database?: Database;
  chain?: ChainClient;
  logger?: boolean;
}

export type App = FastifyInstance;

/**
 * The docs/product.md §9 content security policy: scripts from this origin, fonts from the fonts
 * service; with SENTRY_DSN the browser may also send error reports to the DSN's ingest host.
 */
const contentSecurityPolicyOf = (config: AppConfig) => ({
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    fontSrc: ["'self'", 'https://fonts.gstatic.com', 'data:'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", 'ws:', 'wss:', ...(config.sentryDsn ? [new URL(config.sentryDsn).origin] : [])],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    // The embedded server speaks plain HTTP on localhost; TLS is the proxy's job in production.
    upgradeInsecureRequests: null,
  },
});

async function openServices(config: AppConfig, overrides: AppOverrides, log: FastifyBaseLogger, tracing: Tracing | undefined) {
  if (config.databaseUrl && !config.databaseAppUrl) {
    log.warn(
      "DATABASE_APP_URL is not set: the product runs as the DATABASE_URL role, which owns the schema and can switch the audit trail's triggers off; only tenant work runs as a role that cannot (docs/audit.md)",
    );
  }
  const database = overrides.database ?? (await openDatabase(databaseTarget(config)));
  if (config.seedDemo) await seedDemo(database, { password: config.demoPassword });
  const chain =
    overrides.chain ??
    (config.solanaRpcUrl
      ? openRpcChain({
          url: config.solanaRpcUrl,
          wsUrl: config.solanaWsUrl,
          finality: config.solanaCommitment,
          onWebSocketUnavailable: (error) =>
            log.warn(
              { err: error },
              `SOLANA_WS_URL (${config.solanaWsUrl}) cannot be opened; confirmations are polled over SOLANA_RPC_URL instead (tried again every minute)`,
            ),
        })
      : openEmbeddedChain({
          snapshotPath: path.join(config.dataDir, 'chain.bin'),
          snapshotIntervalMs: config.chainSnapshotIntervalSeconds * 1000,
        }));
  const jobs = await startJobQueue(database, { runWorkers: config.role !== 'api', tracing });
  return { database, chain, jobs };
}

/** Builds the whole product as a Fastify instance without listening: tests drive it with inject(). */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<App> {
  const app = Fastify({
    logger: overrides.logger === false ? false : { level: config.logLevel },
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Before anything is opened, so that a wrong REDIS_URL leaves nothing to clean up.
  if (config.redisUrl) await assertRedisReachable(config.redisUrl);
  // Before the services, so that the job handlers they register are traced.
  const tracing = config.tracing ? await startTracing(config.tracing, config.role, app.log) : undefined;
  const { database, chain, jobs } = await openServices(config, overrides, app.log, tracing);
  app.decorate('config', config);
  app.decorate('db', database);
  app.decorate('chain', chain);
  app.decorate('jobs', jobs);
  app.decorate('masterKey', masterKeyFromHex(configuredOrLocalSecret(config.masterKey, config.dataDir, 'master')));
  app.decorate('explorer', explorerTargetOf(config));
  app.decorate('publicBaseUrl', publicBaseUrlOf(config));
  app.decorate('registryFor', registryProviderOf(config));
  app.decorate('cache', openCache({ redisUrl: config.redisUrl }));
  const servesClients = config.role !== 'worker';
  app.decorate('realtime', createRealtimeServer(servesClients ? app.server : null));
  // A worker joins too: its jobs' broadcasts (a batch's progress) reach the API processes' sockets.
  const closeRoomSharing = config.redisUrl ? await shareRoomsThroughRedis(app.realtime, config.redisUrl) : async () => undefined;

  // preClose runs before the HTTP server closes, which an open websocket would hold forever.
  app.addHook('preClose', async () => dropRealtimeConnections(app.realtime));
  app.addHook('onClose', async () => {
    // Running jobs get part of the shutdown bound, so that the chain flush and the database close still fit in it.
    const jobDrainMs = Math.max(1000, config.shutdownTimeoutSeconds * 500);
    const steps: [string, () => Promise<void>][] = [
      ['job queue', () => stopJobQueue(jobs, jobDrainMs)],
      [
        'realtime',
        async () => {
          if (servesClients) await app.realtime.close();
          await closeRoomSharing();
        },
      ],
      ['chain', () => chain.close()],
      ['cache', () => app.cache.close()],
      ['database', () => database.close()],
      // Last, so that the spans of everything above are in its flush.
      ['tracing', async () => tracing?.shutdown()],
    ];
    // Every step runs even when one before it fails: the chain must be saved whatever else went wrong.
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        app.log.error({ err: error }, `shutdown: closing the ${name} failed`);
      }
    }
  });

  await app.register(requestContextPlugin);
  if (tracing) await app.register(tracingPlugin, { tracing });
  await app.register(errorsPlugin);
  if (!servesClients) {
    // Prometheus scrapes workers too: their CPU, memory and event-loop lag are the jobs' (docs/deploy.md).
    const workerPaths = new Set<string>([...HEALTH_PATHS.map((healthPath) => `${API_BASE_PATH}${healthPath}`), '/metrics']);
    // A worker runs jobs only; health stays so that an orchestrator can probe it. The answer
    // is sent here, not thrown, so that no route's own error handler (e.g. JSON-RPC's) reshapes it.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !workerPaths.has(request.url.split('?')[0] ?? '')) return sendAppError(request, reply, new AppError('NOT_FOUND'));
    });
  }
  await app.register(helmet, { contentSecurityPolicy: contentSecurityPolicyOf(config), crossOriginEmbedderPolicy: false });
  await app.register(rateLimitPlugin);
  await app.register(apiKeyGatePlugin);
  await app.register(authPlugin);
  await app.register(tenantPlugin);
  await app.register(idempotencyPlugin);
  await app.register(requestLogPlugin);
  await app.register(operationsPlugin);
  await app.register(securityFeedPlugin);
  await app.register(sessionCachePlugin);
  await app.register(sessionEndingsPlugin);
  await app.register(activityFeedPlugin);
  await app.register(openapiPlugin);
  await app.register(healthRoutes, { prefix: API_BASE_PATH });
  await app.register(chainPlugin);
  await app.register(authRoutes, { prefix: API_BASE_PATH });
  await app.register(sessionsRoutes, { prefix: API_BASE_PATH });
  await app.register(securityRoutes, { prefix: API_BASE_PATH });
  await app.register(requestLogsRoutes, { prefix: API_BASE_PATH });
  await app.register(frontendLogsRoutes, { prefix: API_BASE_PATH });
  await app.register(realtimeConfigRoutes, { prefix: API_BASE_PATH });
  await app.register(clientConfigRoutes, { prefix: API_BASE_PATH });
  await app.register(realtimePlugin);
  await app.register(notificationChannelsPlugin);
  await app.register(notificationsRoutes, { prefix: API_BASE_PATH });
  await app.register(notificationPreferencesRoutes, { prefix: API_BASE_PATH });
  await app.register(dashboardRoutes, { prefix: API_BASE_PATH });
  await app.register(projectsRoutes, { prefix: API_BASE_PATH });
  await app.register(walletsRoutes, { prefix: API_BASE_PATH });
  await app.register(mintingRoutes, { prefix: API_BASE_PATH });
  await app.register(approvalsRoutes, { prefix: API_BASE_PATH });
  await app.register(chainSettingsRoutes, { prefix: API_BASE_PATH });
  await app.register(filesRoutes, { prefix: API_BASE_PATH });
  await app.register(profileRoutes, { prefix: API_BASE_PATH });
  await app.register(activityRoutes, { prefix: API_BASE_PATH });
  await app.register(portfolioRoutes, { prefix: API_BASE_PATH });
  await app.register(signingRoutes, { prefix: API_BASE_PATH });
  await app.register(transactionsRoutes, { prefix: API_BASE_PATH });
  await app.register(retirementsRoutes, { prefix: API_BASE_PATH });
  await app.register(offsetsRoutes, { prefix: API_BASE_PATH });
  await app.register(invoicesRoutes, { prefix: API_BASE_PATH });
  await app.register(purchasesRoutes, { prefix: API_BASE_PATH });
  await app.register(registryRoutes, { prefix: API_BASE_PATH });
  await app.register(rolesRoutes, { prefix: API_BASE_PATH });
  await app.register(companiesRoutes, { prefix: API_BASE_PATH });
  await app.register(kycRoutes, { prefix: API_BASE_PATH });
  await app.register(complianceRoutes, { prefix: API_BASE_PATH });
  await app.register(marketRoutes, { prefix: API_BASE_PATH });
  await app.register(tenantsRoutes, { prefix: API_BASE_PATH });
  await app.register(certificatesRoutes, { prefix: API_BASE_PATH });
  await app.register(usersRoutes, { prefix: API_BASE_PATH });
  await app.register(mailRoutes, { prefix: API_BASE_PATH });
  await app.register(webhooksRoutes, { prefix: API_BASE_PATH });
  await app.register(dataExportsRoutes, { prefix: API_BASE_PATH });
  await app.register(apiKeysRoutes, { prefix: API_BASE_PATH });
  await app.register(operationsRoutes, { prefix: API_BASE_PATH });
  await app.register(auditPlugin);
  // After the modules whose records it compares; its first pass runs here, before the server answers.
  await app.register(reconciliationRoutes, { prefix: API_BASE_PATH });
  await app.register(spaPlugin, { distDir: config.webDistDir });
  // After every service it drives is registered: the seed mints and retires through them.
  if (config.seedDemoHoldings) await seedDemoHoldingsAtStartup(app);
  return app;
}
