import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTenantRequest, type CreateTenantRequest, type Role, type TenantCreated } from '@carbonledger/contracts';
import type { App } from '../../app';
import type { Database } from '../../db/database';
import { mailOutbox, users as usersTable } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { hashPassword } from '../../lib/passwords';
import { createTenant } from './tenants.creation';
import { tenantsDepsFor } from './tenants.deps';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';
import { linkTokenIn } from '../mail/mail.testing';

/** A valid POST /tenants body for a tenant `slug`: a Brazilian first company and its administrator `admin@<slug>.test`. */
export function tenantRequest(slug: string, overrides: Partial<CreateTenantRequest> = {}): CreateTenantRequest {
  return {
    name: `${slug} Holdings`,
    slug,
    company: {
      name: `${slug} Carbon Ltd.`,
      legalName: `${slug} Carbon Ltda.`,
      taxId: '11.222.333/0001-81',
      country: 'BR',
      address: { line1: 'Av. Paulista, 1000', city: 'São Paulo', region: 'SP', postalCode: '01310-100' },
      contact: { name: 'Ana Souza', email: `contact@${slug}.test`, phone: '+55 11 4000-1000' },
    },
    administrator: { email: `admin@${slug}.test`, firstName: 'Ana', lastName: 'Souza' },
    ...overrides,
  };
}

/** A second tenant made the way the product makes one: a platform SUPER_ADMIN's POST /tenants. */
export async function createTenantThroughApi(
  app: App,
  superadmin: SignedIn,
  slug: string,
  overrides: Partial<CreateTenantRequest> = {},
): Promise<TenantCreated> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/tenants', headers: superadmin.headers, payload: tenantRequest(slug, overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: TenantCreated }>().data;
}

/**
 * The invited first administrator accepts the e-mailed link (read from the tenant's outbox,
 * where mail lands without SMTP_URL) with the demo password, and signs in.
 */
export async function acceptInvitationFromOutbox(app: App, tenantId: string, email: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const [message] = await app.db.withTenant(tenantId, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'invitation')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1),
  );
  expect(message, `no invitation to ${email} in the outbox`).toBeDefined();
  const token = linkTokenIn(message!.bodyText, 'invite');
  const accepted = await app.inject({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return signInAs(app, email, { password });
}

/** A second tenant through the API, and its first administrator signed in after accepting the invitation. */
export async function createTenantWithAdministrator(
  app: App,
  superadmin: SignedIn,
  slug: string,
  overrides: Partial<CreateTenantRequest> = {},
): Promise<{ created: TenantCreated; administrator: SignedIn }> {
  const created = await createTenantThroughApi(app, superadmin, slug, overrides);
  return { created, administrator: await acceptInvitationFromOutbox(app, created.tenant.id, created.administrator.email) };
}

/**
 * A tenant made by the product's tenant creation (as `npm run tenant:create` does), for tests
 * that hold a database but no app: its first company, the sandbox registry, and the invited
 * first administrator, whose account is then activated as accepting the invitation would
 * (password Demo!2345), with `role` when another role than COMPANY_ADMIN is wanted.
 */
export async function createTenantForTests(database: Database, slug: string, role: Role = 'COMPANY_ADMIN'): Promise<Actor & { email: string }> {
  const quiet = () => undefined;
  const log = {
    level: 'silent',
    fatal: quiet,
    error: quiet,
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  } as FastifyBaseLogger;
  const users = { db: database, mail: { db: database, smtpUrl: undefined, from: 'tests@carbonledger.test' }, publicBaseUrl: 'http://localhost', log };
  const email = `${role.toLowerCase()}@${slug}.test`;
  const request = createTenantRequest.parse(
    tenantRequest(slug, {
      name: slug,
      company: { ...tenantRequest(slug).company, name: `${slug} Carbon Ltd.` },
      administrator: { email, firstName: slug, lastName: 'Owner' },
    }),
  );
  const created = await createTenant(tenantsDepsFor({ registryApiUrl: undefined }, users), { kind: 'operator' }, request);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await database.withTenant(created.tenant.id, (tx) =>
    tx.update(usersTable).set({ passwordHash, status: 'active', verified: true, role }).where(eq(usersTable.id, created.administrator.userId)),
  );
  return { tenantId: created.tenant.id, companyId: created.company.id, userId: created.administrator.userId, role, email };
}
