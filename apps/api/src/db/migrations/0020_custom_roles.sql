-- Custom roles (docs/product.md §6): a company's own permission set on top of a fixed base
-- role. The user's `role` stays the base role and keeps deciding the role and route guards;
-- a custom role only replaces the permission set, and only while the user's role is its base.

CREATE TABLE custom_roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  base_role text NOT NULL CHECK (base_role IN ('COMPANY_ADMIN', 'CSO', 'HEAD_OF_DIGITAL_ASSETS', 'MANAGER', 'FINANCE', 'OPERATOR', 'VIEWER')),
  permissions text[] NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Names are unique within a company, whatever their case.
CREATE UNIQUE INDEX custom_roles_name_per_company ON custom_roles (company_id, lower(name));
CREATE INDEX custom_roles_tenant ON custom_roles (tenant_id);

-- Which user holds which custom role: at most one each. A role in use cannot be deleted
-- (its users would get their base role's permissions back without anyone deciding it).
CREATE TABLE custom_role_members (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  custom_role_id uuid NOT NULL REFERENCES custom_roles(id) ON DELETE RESTRICT,
  assigned_by uuid REFERENCES users(id),
  assigned_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX custom_role_members_role ON custom_role_members (custom_role_id);

ALTER TABLE custom_roles ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON custom_roles USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE custom_role_members ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON custom_role_members USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE, DELETE ON custom_roles, custom_role_members TO carbonledger_app;
