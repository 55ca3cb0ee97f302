import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedChain, openRpcChain, type ChainClient } from '@carbonledger/chain';
import { ConfigError, loadConfig, type AppConfig } from '../../config';
import { databaseTarget, openDatabase } from '../../db/database';
import { runAuditVerify } from './audit-verify.report';

const CHAIN_SNAPSHOT_NAME = 'chain.bin';

/**
 * The embedded chain as the server last saved it, opened from a copy: closing a chain
 * writes its snapshot, and this process must never overwrite the server's files.
 */
function openChainCopy(config: AppConfig): { chain: ChainClient; cleanup: () => void } {
  const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-audit-verify-'));
  if (fs.existsSync(config.dataDir)) {
    for (const name of fs.readdirSync(config.dataDir).filter((file) => file.startsWith(CHAIN_SNAPSHOT_NAME))) {
      fs.copyFileSync(path.join(config.dataDir, name), path.join(copyDir, name));
    }
  }
  const chain = openEmbeddedChain({ snapshotPath: path.join(copyDir, CHAIN_SNAPSHOT_NAME), blockIntervalMs: null });
  return { chain, cleanup: () => fs.rmSync(copyDir, { recursive: true, force: true }) };
}

/** `npm run audit:verify [-- --json]`: verifies every tenant's audit trail; exit code 1 when one was tampered with. */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  const { chain, cleanup } = config.solanaRpcUrl ? { chain: openRpcChain({ url: config.solanaRpcUrl }), cleanup: () => undefined } : openChainCopy(config);
  try {
    return await runAuditVerify({ db: database, chain }, (line) => process.stdout.write(`${line}\n`), { json: process.argv.includes('--json') });
  } finally {
    await chain.close();
    cleanup();
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
