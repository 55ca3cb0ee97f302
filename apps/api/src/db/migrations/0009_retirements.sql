-- Retirements (docs/product.md §2 Retirements, §3 Retirement and Certificate, §4, §5): a burn of
-- project tokens with a Memo naming the retirement and a soulbound certificate mint, issued
-- now or at a scheduled time by the tenant's retirement delegate. Personal data of the
-- beneficiary stays here; the chain holds only its hash.

CREATE TABLE retirements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  user_id uuid REFERENCES users(id),
  wallet_id uuid NOT NULL REFERENCES company_wallets(id),
  wallet_address text NOT NULL,
  wallet_type text NOT NULL CHECK (wallet_type IN ('external', 'platform_managed')),
  token_mint text NOT NULL,
  token_symbol text NOT NULL,
  project_id text NOT NULL,
  project_name text NOT NULL,
  registry text NOT NULL,
  vintage integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 9),
  reason text NOT NULL,
  country text NOT NULL,
  subdivision text,
  memo text,
  beneficiary_name text NOT NULL,
  beneficiary_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'awaiting_signature', 'scheduled', 'processing', 'completed', 'failed', 'cancelled')),
  scheduled_for timestamptz,
  -- The certificate's number and mint are fixed before anything is sent, so a transaction
  -- that landed while the server crashed can be matched to its retirement.
  certificate_number text NOT NULL UNIQUE,
  certificate_mint text,
  -- The burn (+ certificate) submission, the delegate approval of a scheduled retirement,
  -- and the allowance change sent when it was cancelled.
  transaction_id uuid REFERENCES chain_submissions(id),
  approval_transaction_id uuid REFERENCES chain_submissions(id),
  cancel_transaction_id uuid REFERENCES chain_submissions(id),
  signature text,
  registry_reference text,
  serial_numbers jsonb NOT NULL DEFAULT '[]',
  error text,
  runner_lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX retirements_tenant_idx ON retirements (tenant_id, created_at DESC);
CREATE INDEX retirements_company_idx ON retirements (company_id, status);
CREATE INDEX retirements_due_idx ON retirements (scheduled_for) WHERE status = 'scheduled';

-- Written in the same transaction that marks its retirement completed: one per retirement.
CREATE TABLE certificates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  retirement_id uuid NOT NULL UNIQUE REFERENCES retirements(id),
  -- Unique across tenants: the public verification looks a certificate up by its number.
  number text NOT NULL UNIQUE,
  mint_address text NOT NULL UNIQUE,
  holder_address text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  decimals integer NOT NULL,
  token_mint text NOT NULL,
  token_symbol text NOT NULL,
  project_id text NOT NULL,
  project_name text NOT NULL,
  developer text NOT NULL,
  project_location text NOT NULL,
  methodology text NOT NULL,
  standard text NOT NULL,
  vintage integer NOT NULL,
  registry text NOT NULL,
  registry_reference text,
  serial_numbers jsonb NOT NULL DEFAULT '[]',
  beneficiary_name text NOT NULL,
  beneficiary_hash text NOT NULL,
  reason text NOT NULL,
  country text NOT NULL,
  subdivision text,
  burn_signature text NOT NULL,
  certificate_signature text NOT NULL,
  -- sha256 hex of the canonical certificate facts also written into the on-chain metadata.
  metadata_hash text NOT NULL,
  issued_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX certificates_tenant_idx ON certificates (tenant_id, issued_at DESC);

ALTER TABLE retirements ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON retirements USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE certificates ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON certificates USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE ON retirements TO carbonledger_app;
-- Certificates are never changed or removed once issued.
GRANT SELECT, INSERT ON certificates TO carbonledger_app;
REVOKE UPDATE, DELETE ON certificates FROM carbonledger_app;
REVOKE DELETE ON retirements FROM carbonledger_app;
