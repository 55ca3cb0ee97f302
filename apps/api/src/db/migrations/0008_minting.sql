-- Minting (docs/product.md §2 Advanced mint wizard and Batch VCU minting, §3 Token to mint, Fees,
-- Minting job, Approval): previews, mint operations, batch jobs, the tenant's project mints
-- (one Token-2022 mint per project and vintage), the approval hook and minting settings.

CREATE TABLE minting_settings (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id),
  approval_limit bigint NOT NULL CHECK (approval_limit > 0),
  prices_usd_cents jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per project and vintage, claimed before the mint is created on chain so two
-- mints for the same project and vintage can never be started.
CREATE TABLE project_mints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  registry text NOT NULL,
  project_id text NOT NULL,
  vintage integer NOT NULL,
  mint_address text NOT NULL,
  status text NOT NULL CHECK (status IN ('creating', 'created')),
  name text NOT NULL,
  symbol text NOT NULL,
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 9),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX project_mints_one_per_vintage ON project_mints (tenant_id, registry, project_id, vintage);

CREATE TABLE mint_previews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  user_id uuid NOT NULL REFERENCES users(id),
  registry text NOT NULL,
  project_id text NOT NULL,
  project_name text NOT NULL,
  vintage integer NOT NULL,
  quantity bigint NOT NULL CHECK (quantity > 0),
  token_name text NOT NULL,
  symbol text NOT NULL,
  description text,
  logo_url text,
  decimals integer NOT NULL,
  wallet_id uuid NOT NULL REFERENCES company_wallets(id),
  wallet_address text NOT NULL,
  valid boolean NOT NULL,
  fees jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX mint_previews_expiry_idx ON mint_previews (expires_at);

CREATE TABLE mint_operations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  user_id uuid REFERENCES users(id),
  preview_id uuid UNIQUE REFERENCES mint_previews(id),
  registry text NOT NULL,
  project_id text NOT NULL,
  project_name text NOT NULL,
  vintage integer NOT NULL,
  quantity bigint NOT NULL CHECK (quantity > 0),
  token_name text NOT NULL,
  symbol text NOT NULL,
  description text,
  logo_url text,
  decimals integer NOT NULL,
  wallet_id uuid NOT NULL REFERENCES company_wallets(id),
  wallet_address text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  mint_address text,
  signature text,
  serial_numbers jsonb NOT NULL DEFAULT '[]',
  error text,
  approval_request_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX mint_operations_tenant_idx ON mint_operations (tenant_id, created_at DESC);

CREATE TABLE approval_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  type text NOT NULL CHECK (type IN ('mint')),
  requestor_id uuid REFERENCES users(id),
  project_id text NOT NULL,
  credits bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'delegated')),
  priority text NOT NULL CHECK (priority IN ('critical', 'high', 'medium', 'low')),
  level integer NOT NULL,
  approver_role text NOT NULL,
  timeout_at timestamptz NOT NULL,
  operation_id uuid NOT NULL UNIQUE REFERENCES mint_operations(id),
  decided_by uuid REFERENCES users(id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approval_requests_status_idx ON approval_requests (tenant_id, status, created_at);

CREATE TABLE minting_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  user_id uuid REFERENCES users(id),
  wallet_id uuid NOT NULL REFERENCES company_wallets(id),
  wallet_address text NOT NULL,
  vcu_count integer NOT NULL,
  total_amount bigint NOT NULL,
  minted_amount bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'completed', 'failed', 'retrying')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  error text,
  -- One runner at a time: a worker holds the lease while it mints and renews it per chunk;
  -- a crashed worker's lease runs out and the retried job takes over.
  runner_lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX minting_jobs_tenant_idx ON minting_jobs (tenant_id, created_at DESC);

-- The blocks of a batch, grouped into chunks of one mint each. A chunk is reserved in the
-- registry records under its own reference and minted by one transaction, so a retry
-- finds exactly what was already sent for it.
CREATE TABLE minting_job_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  job_id uuid NOT NULL REFERENCES minting_jobs(id),
  chunk integer NOT NULL,
  vcu_block_id uuid NOT NULL REFERENCES vcu_blocks(id),
  serial_number text NOT NULL,
  registry text NOT NULL,
  project_id text NOT NULL,
  vintage integer NOT NULL,
  units bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'minted')),
  mint_address text,
  signature text,
  UNIQUE (job_id, vcu_block_id)
);
CREATE INDEX minting_job_items_chunk_idx ON minting_job_items (job_id, chunk);

ALTER TABLE minting_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON minting_settings USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE project_mints ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON project_mints USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE mint_previews ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mint_previews USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE mint_operations ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mint_operations USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE approval_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON approval_requests USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE minting_jobs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON minting_jobs USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE minting_job_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON minting_job_items USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE ON minting_settings, project_mints, mint_previews, mint_operations, approval_requests, minting_jobs, minting_job_items TO carbonledger_app;
