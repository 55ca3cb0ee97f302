-- API keys (docs/product.md §2 /api-management, §3 API key, §5 API key rules): machine access
-- for a company. Only the SHA-256 hash of the secret is stored; public_id (in the secret, after
-- its clk_live_/clk_test_ prefix) finds the row before the tenant is known.

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  -- The user who created the key; the audit trail names them for what the key does.
  created_by uuid NOT NULL REFERENCES users(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text CHECK (length(description) <= 500),
  environment text NOT NULL CHECK (environment IN ('development', 'staging', 'production')),
  public_id text NOT NULL UNIQUE,
  key_prefix text NOT NULL,
  secret_hash text NOT NULL,
  permissions text[] NOT NULL,
  rate_limit_per_minute integer NOT NULL CHECK (rate_limit_per_minute > 0),
  rate_limit_per_hour integer NOT NULL CHECK (rate_limit_per_hour > 0),
  rate_limit_per_day integer NOT NULL CHECK (rate_limit_per_day > 0),
  ip_whitelist text[] NOT NULL DEFAULT '{}',
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  rotated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_company ON api_keys (tenant_id, company_id, created_at DESC);

ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON api_keys USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Keys are revoked, never deleted (the audit trail and usage refer to them).
GRANT SELECT, INSERT, UPDATE ON api_keys TO carbonledger_app;

-- Usage analytics (docs/product.md §9 periods 1h to 90d): one row per key, minute and endpoint,
-- added to by the in-process aggregator's flush, never a row per request. latency_histogram
-- counts requests per bucket of USAGE_LATENCY_BOUNDS_MS (contracts), the last one overflow.
CREATE TABLE api_key_usage (
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  api_key_id uuid NOT NULL REFERENCES api_keys(id),
  minute timestamptz NOT NULL,
  method text NOT NULL,
  route text NOT NULL,
  requests integer NOT NULL,
  errors integer NOT NULL,
  latency_histogram integer[] NOT NULL,
  PRIMARY KEY (api_key_id, minute, method, route)
);
CREATE INDEX api_key_usage_company ON api_key_usage (tenant_id, company_id, minute);

ALTER TABLE api_key_usage ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON api_key_usage USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Rows older than the longest period (90 days) are deleted by the flush.
GRANT SELECT, INSERT, UPDATE, DELETE ON api_key_usage TO carbonledger_app;
