import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database, Tx } from '../../db/database';
import { seedSandboxRegistry } from '../registry';

/** What tenant creation and branding need: the database, and what a new tenant gets besides its rows. */
export interface TenantsDeps {
  db: Database;
  /** The embedded sandbox registry is per tenant: a new tenant gets its catalogue as the demo tenant does; Verra needs nothing. */
  prepareRegistry: (tx: Tx, tenantId: string) => Promise<void>;
}

export function tenantsDepsFor(db: Database, config: Pick<AppConfig, 'registryApiUrl'>): TenantsDeps {
  return { db, prepareRegistry: config.registryApiUrl ? async () => undefined : seedSandboxRegistry };
}

export function tenantsDepsOf(app: FastifyInstance): TenantsDeps {
  return tenantsDepsFor(app.db, app.config);
}
