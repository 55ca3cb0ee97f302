-- Offset requests (docs/product.md §2 /offsets/requests): a company asks for credits to be
-- retired on behalf of a beneficiary, from its own platform-managed wallet or sourced by the
-- platform. The request goes through the approval workflow; on the final approval the
-- retirement is created once — the row's retirement_id is set in the transaction that inserts
-- the retirement, so a second run finds it set and creates nothing.

CREATE TABLE offset_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  requested_by uuid REFERENCES users(id),
  sourcing text NOT NULL CHECK (sourcing IN ('own_credits', 'platform_sourced')),
  status text NOT NULL DEFAULT 'pending_approval' CHECK (status IN ('pending_approval', 'approved', 'retiring', 'rejected', 'failed')),
  token_mint text NOT NULL,
  token_symbol text NOT NULL,
  project_id text NOT NULL,
  project_name text NOT NULL,
  wallet_address text,
  quantity bigint NOT NULL CHECK (quantity > 0),
  beneficiary_name text NOT NULL CHECK (length(beneficiary_name) BETWEEN 1 AND 200),
  purpose text NOT NULL CHECK (length(purpose) BETWEEN 1 AND 120),
  reason text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  requested_date date NOT NULL,
  -- The approval workflow's id (the approvals engine's record).
  approval_id text,
  retirement_id uuid UNIQUE REFERENCES retirements(id),
  error text CHECK (length(error) <= 1000),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (sourcing = 'platform_sourced' OR wallet_address IS NOT NULL)
);
CREATE INDEX offset_requests_company ON offset_requests (tenant_id, company_id, created_at DESC);
CREATE INDEX offset_requests_status ON offset_requests (tenant_id, status);

ALTER TABLE offset_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON offset_requests USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Requests are never deleted.
GRANT SELECT, INSERT, UPDATE ON offset_requests TO carbonledger_app;
