import { actsForWholeTenant, type Role } from '@carbonledger/contracts';

/**
 * Who acts: a signed-in user of a tenant and company with a role, and what the audit trail
 * records of the request. Services take this one type (docs/architecture.md "Actor and scope").
 */
export interface Actor {
  tenantId: string;
  companyId: string;
  userId: string;
  role: Role;
  requestId?: string | null;
  ip?: string | null;
  /** The API key an integration acts with (userId is then the key's creator); absent for a session. */
  apiKey?: ActingApiKey;
}

/** An API key as the audit trail names it: never its secret, the prefix people recognise it by. */
export interface ActingApiKey {
  id: string;
  name: string;
  keyPrefix: string;
}

/** Platform administrators (ADMIN, SUPER_ADMIN) act for every company of their tenant. */
export function actsTenantWide(actor: Pick<Actor, 'role'>): boolean {
  return actsForWholeTenant(actor.role);
}

/** The one company an actor's reads and writes are confined to, or undefined when it acts tenant-wide. */
export function companyScopeOf(actor: Pick<Actor, 'role' | 'companyId'>): string | undefined {
  return actsTenantWide(actor) ? undefined : actor.companyId;
}
