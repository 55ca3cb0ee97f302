import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from '../../config';
import { databaseTarget, openDatabase } from '../../db/database';
import { publicBaseUrlOf } from '../../lib/explorer';
import { runTenantCreate } from './tenants.cli-run';
import { tenantsDepsFor } from './tenants.deps';

/** Mail failures go to stderr; nothing else of the services' logging is for an operator's terminal. */
const report = (...parts: unknown[]) => console.error(...parts);
const quiet = () => undefined;
const cliLog: FastifyBaseLogger = {
  level: 'error',
  fatal: report,
  error: report,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => cliLog,
};

/** `npm run tenant:create -- …` (see TENANT_CREATE_USAGE). */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  try {
    const users = { db: database, mail: { db: database, smtpUrl: config.smtpUrl, from: config.mailFrom }, publicBaseUrl: publicBaseUrlOf(config), log: cliLog };
    return await runTenantCreate(process.argv.slice(2), tenantsDepsFor(config, users), (line) => process.stdout.write(`${line}\n`));
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
