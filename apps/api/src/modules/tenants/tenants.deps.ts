import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database, Tx } from '../../db/database';
import { seedSandboxRegistry } from '../registry';
import { usersDepsOf, type UsersDeps } from '../users';

/** What tenant creation and branding need: the database, and what a new tenant gets besides its rows. */
export interface TenantsDeps {
  db: Database;
  /** The embedded sandbox registry is per tenant: a new tenant gets its catalogue as the demo tenant does; Verra needs nothing. */
  prepareRegistry: (tx: Tx, tenantId: string) => Promise<void>;
  /** The first administrator's invitation (account and e-mail). */
  users: UsersDeps;
}

export function tenantsDepsFor(config: Pick<AppConfig, 'registryApiUrl'>, users: UsersDeps): TenantsDeps {
  return { db: users.db, prepareRegistry: config.registryApiUrl ? async () => undefined : seedSandboxRegistry, users };
}

export function tenantsDepsOf(app: FastifyInstance): TenantsDeps {
  return tenantsDepsFor(app.config, usersDepsOf(app));
}
