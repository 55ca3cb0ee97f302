-- Personalisable dashboard (docs/product.md §2): each user's arrangement of widgets, one row
-- per user who changed it; a user without a row sees the default for their role. Deleting the
-- row is "reset to default".

CREATE TABLE dashboard_layouts (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array' AND jsonb_array_length(items) <= 50),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE dashboard_layouts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON dashboard_layouts USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON dashboard_layouts TO carbonledger_app;
