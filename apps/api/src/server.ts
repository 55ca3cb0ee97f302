import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining jobs, flushing chain snapshot');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const mode = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Carbonledger is up on http://localhost:${config.port} (${mode})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Carbonledger failed to start:', error);
  }
  process.exit(1);
});
