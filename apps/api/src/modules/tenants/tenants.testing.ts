import { expect } from 'vitest';
import type { CreateTenantRequest, TenantCreated } from '@carbonledger/contracts';
import type { App } from '../../app';
import type { SignedIn } from '../auth/auth.testing';

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
