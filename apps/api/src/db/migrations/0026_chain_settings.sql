-- Settings → Blockchain (docs/product.md §2, §6, §9): the tenant's priority-fee policy, slippage
-- tolerance for purchases and the balance under which a platform key raises an alert. The
-- cluster, explorer and commitment stay the deployment's configuration.
CREATE TABLE chain_settings (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id),
  priority_fee jsonb NOT NULL,
  slippage_bps integer NOT NULL CHECK (slippage_bps BETWEEN 0 AND 5000),
  low_balance_lamports bigint NOT NULL CHECK (low_balance_lamports >= 0),
  -- The platform key addresses already alerted as low: one alert per fall below the threshold.
  low_balance_alerted jsonb NOT NULL DEFAULT '[]',
  updated_by uuid REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE chain_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON chain_settings USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE ON chain_settings TO carbonledger_app;
