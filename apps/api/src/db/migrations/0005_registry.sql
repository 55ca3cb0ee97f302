-- Carbon registry: the sandbox registry (embedded mode) and the tenants' records of the
-- VCU blocks they imported for tokenisation.

CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Sandbox registry: projects and issued VCU blocks as a Verra-like registry would hold them.
-- Each tenant has its own sandbox, seeded with realistic demo data.
CREATE TABLE registry_projects (
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  project_id text NOT NULL CHECK (project_id ~ '^[1-9][0-9]{0,8}$'),
  name text NOT NULL,
  description text NOT NULL,
  location text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  type text NOT NULL CHECK (type IN ('renewable', 'wind', 'forestry', 'cookstoves', 'blue_carbon', 'methane_capture')),
  technology text NOT NULL,
  methodology text NOT NULL,
  methodology_name text NOT NULL,
  developer text NOT NULL,
  standard text NOT NULL DEFAULT 'VCS',
  sectoral_scope integer NOT NULL CHECK (sectoral_scope BETWEEN 1 AND 16),
  co_benefits jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, project_id)
);

CREATE TABLE registry_vcu_blocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  project_id text NOT NULL,
  serial_number text NOT NULL,
  block_start bigint NOT NULL CHECK (block_start >= 1),
  block_end bigint NOT NULL,
  vintage_start date NOT NULL,
  vintage_end date NOT NULL,
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'locked', 'retired')),
  issuance_date date NOT NULL,
  verifier text NOT NULL,
  reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (block_end >= block_start),
  FOREIGN KEY (tenant_id, project_id) REFERENCES registry_projects (tenant_id, project_id),
  -- A registry never issues the same serial twice.
  CONSTRAINT registry_vcu_blocks_disjoint EXCLUDE USING gist (
    tenant_id WITH =, project_id WITH =, int8range(block_start, block_end, '[]') WITH &&
  )
);
CREATE INDEX registry_vcu_blocks_project_idx ON registry_vcu_blocks (tenant_id, project_id, block_start);

-- The tenant's record of every VCU block it imported: locked in the registry, then
-- reserved for a mint, tokenised, retired, or released again.
CREATE TABLE vcu_blocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  imported_by uuid REFERENCES users(id),
  registry text NOT NULL CHECK (registry IN ('verra', 'sandbox')),
  project_id text NOT NULL,
  serial_number text NOT NULL,
  block_start bigint NOT NULL CHECK (block_start >= 1),
  block_end bigint NOT NULL,
  vintage_start date NOT NULL,
  vintage_end date NOT NULL,
  issuance_date date NOT NULL,
  verifier text NOT NULL,
  status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'reserved', 'tokenised', 'retired', 'released')),
  registry_reference text,
  mint_reference text,
  mint_address text,
  retirement_reference text,
  split_from uuid REFERENCES vcu_blocks(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (block_end >= block_start),
  -- A serial range can never be tokenised twice, whichever tenant holds it. Constraints
  -- are checked against every row, row-level security notwithstanding, which is exactly
  -- what keeps two tenants from tokenising the same real-world credit.
  CONSTRAINT vcu_blocks_no_double_tokenisation EXCLUDE USING gist (
    registry WITH =, project_id WITH =, int8range(block_start, block_end, '[]') WITH &&
  ) WHERE (status <> 'released')
);
CREATE INDEX vcu_blocks_tenant_project_idx ON vcu_blocks (tenant_id, project_id, status, block_start);
CREATE INDEX vcu_blocks_mint_idx ON vcu_blocks (tenant_id, mint_address) WHERE mint_address IS NOT NULL;

ALTER TABLE registry_projects ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON registry_projects USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE registry_vcu_blocks ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON registry_vcu_blocks USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE vcu_blocks ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON vcu_blocks USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE, DELETE ON registry_projects, registry_vcu_blocks, vcu_blocks TO carbonledger_app;
