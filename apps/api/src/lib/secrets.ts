import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret from configuration, or in embedded mode one generated once into DATA_DIR so
 * that tokens and encrypted keys survive a restart. Production sets it explicitly.
 */
export function configuredOrLocalSecret(configured: string | undefined, dataDir: string, name: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', `${name}.hex`);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
