-- Compliance profiles (docs/product.md §3 Compliance, §5 Compliance limits, §9 KYC tiers): a
-- company's KYC tier and the daily and monthly tCO2e limits the API enforces on mint and
-- retire, and the state its token accounts were last brought to on chain by its KYC/AML status
-- (approved: open; otherwise frozen). A company without a row has the default tier at its bounds.

CREATE TABLE company_compliance (
  company_id uuid PRIMARY KEY REFERENCES companies(id),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  kyc_tier text NOT NULL DEFAULT 'standard' CHECK (kyc_tier IN ('basic', 'standard', 'enhanced')),
  daily_limit bigint NOT NULL CHECK (daily_limit > 0),
  monthly_limit bigint NOT NULL CHECK (monthly_limit > 0 AND daily_limit <= monthly_limit),
  -- 'open' or 'frozen' once a KYC chain step completed; null before the first one.
  token_accounts text CHECK (token_accounts IN ('open', 'frozen')),
  -- A runner of the KYC chain step holds this lease, so one step runs at a time per company.
  sync_lease_until timestamptz,
  updated_by uuid REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_compliance_tenant ON company_compliance (tenant_id);

ALTER TABLE company_compliance ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON company_compliance USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE ON company_compliance TO carbonledger_app;
