import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** How long the chain flush may take once the shutdown bound has passed, before the process goes anyway. */
const FORCED_FLUSH_LIMIT_MS = 5000;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  // Past SHUTDOWN_TIMEOUT_SECONDS something hangs (a long request, a job, a dead database):
  // the chain is flushed anyway, since its snapshot holds what a restart cannot rebuild.
  const forceExit = async (reason: string) => {
    app.log.error(`shutdown: ${reason}; flushing the chain and exiting`);
    setTimeout(() => process.exit(1), FORCED_FLUSH_LIMIT_MS).unref();
    try {
      await app.chain.flush();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown: the chain flush failed');
    }
    process.exit(1);
  };
  const shutdown = async (signal: string) => {
    if (closing) {
      await forceExit(`${signal} received again`);
      return;
    }
    closing = true;
    app.log.info(
      { signal, timeoutSeconds: config.shutdownTimeoutSeconds },
      'shutting down: closing sockets, draining requests and jobs, flushing chain snapshot',
    );
    const bound = setTimeout(
      () => void forceExit(`not finished after SHUTDOWN_TIMEOUT_SECONDS=${config.shutdownTimeoutSeconds}`),
      config.shutdownTimeoutSeconds * 1000,
    );
    try {
      await app.close();
    } catch (error) {
      clearTimeout(bound);
      app.log.error({ err: error }, 'shutdown: closing failed');
      await forceExit('closing failed');
      return;
    }
    clearTimeout(bound);
    app.log.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const mode = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Carbonledger is up on http://localhost:${config.port} (${mode}, ROLE=${config.role})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Carbonledger failed to start:', error);
  }
  process.exit(1);
});
