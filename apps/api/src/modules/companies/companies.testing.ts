import { expect } from 'vitest';
import type { CompanyCreated } from '@carbonledger/contracts';
import type { App } from '../../app';
import type { SignedIn } from '../auth/auth.testing';
import { acceptInvitationFromOutbox } from '../tenants/tenants.testing';

let taxIds = 0;
/** A CNPJ-shaped tax ID no other company of the test's tenant has. */
function nextTaxId(): string {
  taxIds += 1;
  const digits = String(700_000_000_000 + taxIds * 7919).padStart(12, '0');
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-00`;
}

/**
 * A second customer company of the administrator's tenant, onboarded the way the product does
 * it (POST /companies), with its invited COMPANY_ADMIN who accepts the link from the outbox
 * and signs in (password Demo!2345).
 */
export async function onboardCompanyForTests(
  app: App,
  administrator: SignedIn,
  name: string,
  options: { email?: string } = {},
): Promise<{ companyId: string; email: string; companyAdmin: SignedIn }> {
  const email = options.email ?? `admin@${name.toLowerCase().replace(/[^a-z]/g, '')}.test`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/companies',
    headers: administrator.headers,
    payload: {
      name,
      legalName: name,
      taxId: nextTaxId(),
      country: 'BR',
      address: { line1: 'Rua Teste, 1', city: 'São Paulo' },
      administrator: { email, firstName: 'Other', lastName: 'Admin' },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const companyId = response.json<{ data: CompanyCreated }>().data.company.id;
  const companyAdmin = await acceptInvitationFromOutbox(app, administrator.result.tenant.id, email);
  return { companyId, email, companyAdmin };
}
