-- Registry integration (docs/product.md §2 /registry): imports of Verra registry CSV exports,
-- sync runs of the holdings against the registry, and the retirement a registry reported for
-- a block imported as already retired (such a block is never tokenised: its status is retired,
-- and the exclusion constraint of vcu_blocks keeps its range from being held again).

CREATE TABLE registry_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  imported_by uuid REFERENCES users(id),
  registry text NOT NULL CHECK (registry IN ('verra', 'sandbox')),
  file_name text CHECK (length(file_name) <= 255),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  row_count integer NOT NULL CHECK (row_count >= 0),
  imported integer NOT NULL CHECK (imported >= 0),
  retired integer NOT NULL CHECK (retired >= 0),
  unchanged integer NOT NULL CHECK (unchanged >= 0),
  invalid integer NOT NULL CHECK (invalid >= 0),
  projects_created integer NOT NULL CHECK (projects_created >= 0),
  imported_units numeric(20, 0) NOT NULL CHECK (imported_units >= 0),
  -- The line-by-line report the importer saw.
  rows jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registry_imports_company ON registry_imports (tenant_id, company_id, created_at DESC);

CREATE TABLE registry_sync_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  -- NULL: the whole tenant's holdings (an administrator's run).
  company_id uuid REFERENCES companies(id),
  requested_by uuid REFERENCES users(id),
  registry text NOT NULL CHECK (registry IN ('verra', 'sandbox')),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'failed')),
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  processed integer NOT NULL DEFAULT 0 CHECK (processed >= 0),
  mismatches jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text CHECK (length(error) <= 1000),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX registry_sync_runs_recent ON registry_sync_runs (tenant_id, registry, started_at DESC);
-- At most one running sync per tenant, registry and scope: a second request answers the running one.
CREATE UNIQUE INDEX registry_sync_runs_one_running ON registry_sync_runs (tenant_id, registry, coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid))
  WHERE status = 'running';

ALTER TABLE vcu_blocks ADD COLUMN import_id uuid REFERENCES registry_imports(id);
ALTER TABLE vcu_blocks ADD COLUMN retired_on date;
ALTER TABLE vcu_blocks ADD COLUMN retirement_beneficiary text CHECK (length(retirement_beneficiary) <= 500);
ALTER TABLE vcu_blocks ADD COLUMN retirement_reason text CHECK (length(retirement_reason) <= 500);
ALTER TABLE vcu_blocks ADD COLUMN retirement_details text CHECK (length(retirement_details) <= 2000);

ALTER TABLE registry_imports ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON registry_imports USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE registry_sync_runs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON registry_sync_runs USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Imports are a record of what was read: never changed or deleted.
GRANT SELECT, INSERT ON registry_imports TO carbonledger_app;
GRANT SELECT, INSERT, UPDATE ON registry_sync_runs TO carbonledger_app;
