-- Company wallets (docs/product.md §2, §4), the single-use ownership messages they are registered
-- with, and the tenant's project mints that approved wallets may hold (allowed mints).

CREATE TABLE company_wallets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  address text NOT NULL,
  name text,
  type text NOT NULL CHECK (type IN ('external', 'platform_managed')),
  provider text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'active', 'suspended', 'revoked')),
  is_primary boolean NOT NULL DEFAULT false,
  -- Platform-managed wallets only: AES-256-GCM of the ed25519 seed under the master key,
  -- bound to tenant and address.
  encrypted_secret text,
  status_reason text,
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  approved_by uuid REFERENCES users(id),
  approved_at timestamptz,
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  verification_transaction_id uuid REFERENCES chain_submissions(id),
  verified_on_chain_at timestamptz,
  removed_at timestamptz,
  CHECK ((type = 'platform_managed') = (encrypted_secret IS NOT NULL))
);
-- An address belongs to one company on the whole platform. The index sees every tenant's
-- rows (RLS does not apply to uniqueness), so a second registration fails whoever holds it.
CREATE UNIQUE INDEX company_wallets_address_unique ON company_wallets (address);
CREATE UNIQUE INDEX company_wallets_one_primary ON company_wallets (company_id) WHERE is_primary AND removed_at IS NULL;
CREATE INDEX company_wallets_company_idx ON company_wallets (tenant_id, company_id);
CREATE INDEX company_wallets_status_idx ON company_wallets (tenant_id, status);

CREATE TABLE wallet_ownership_challenges (
  nonce text PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  user_id uuid NOT NULL REFERENCES users(id),
  address text NOT NULL,
  message text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX wallet_ownership_challenges_expiry_idx ON wallet_ownership_challenges (expires_at);

-- The tenant's Token-2022 project mints (DefaultAccountState=Frozen, platform freeze key).
-- The minting feature records each mint it creates here.
CREATE TABLE token_mints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  project_reference text,
  mint_address text NOT NULL,
  symbol text NOT NULL,
  name text NOT NULL,
  decimals integer NOT NULL DEFAULT 0 CHECK (decimals BETWEEN 0 AND 9),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX token_mints_address_unique ON token_mints (mint_address);
CREATE INDEX token_mints_tenant_idx ON token_mints (tenant_id, created_at);

ALTER TABLE company_wallets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON company_wallets USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE wallet_ownership_challenges ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON wallet_ownership_challenges USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE token_mints ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON token_mints USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE ON company_wallets, wallet_ownership_challenges TO carbonledger_app;
GRANT SELECT, INSERT ON token_mints TO carbonledger_app;
REVOKE DELETE ON company_wallets, wallet_ownership_challenges FROM carbonledger_app;
REVOKE UPDATE, DELETE ON token_mints FROM carbonledger_app;
