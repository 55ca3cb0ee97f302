-- Company onboarding (docs/product.md §3 Company): the address and contact a platform
-- administrator records, and one tax ID per tenant. The table keeps its row-level security
-- (0001) and its grants, which cover new columns.

ALTER TABLE companies
  ADD COLUMN address jsonb,
  ADD COLUMN contact jsonb NOT NULL DEFAULT '{}'::jsonb;

-- Two companies of one tenant cannot share a tax ID, however it is punctuated
-- ("12.345.678/0001-90" and "12345678000190" are the same CNPJ). Tenants do not see each other,
-- so the same ID may exist in two tenants.
CREATE UNIQUE INDEX companies_tax_id_per_tenant ON companies (tenant_id, upper(regexp_replace(tax_id, '[^0-9A-Za-z]', '', 'g')))
  WHERE tax_id IS NOT NULL;
