-- Reconciliation of the ledger (this database) against the chain: every difference a pass
-- finds is recorded here and raised as a security alert, never silently "fixed". One open
-- row per distinct problem (type + entity); a later pass that still sees it only updates
-- what it saw (actual, last_seen_at).

CREATE TABLE reconciliation_discrepancies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  -- The company the entity belongs to; null for tenant-wide entities (a token mint's supply).
  company_id uuid REFERENCES companies(id),
  type text NOT NULL CHECK (type IN ('MISSING_ON_CHAIN', 'MISSING_OFF_CHAIN', 'AMOUNT_MISMATCH', 'STATUS_MISMATCH')),
  severity text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low')),
  entity_type text NOT NULL CHECK (entity_type IN ('chain_submission', 'token_mint')),
  entity_id text NOT NULL,
  token_mint text,
  project text,
  description text NOT NULL,
  -- What the ledger says and what the chain says (base units or a status word).
  expected text NOT NULL,
  actual text NOT NULL,
  alert_id uuid REFERENCES security_alerts(id),
  detected_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users(id)
);
CREATE UNIQUE INDEX reconciliation_discrepancies_one_open ON reconciliation_discrepancies (tenant_id, type, entity_type, entity_id) WHERE resolved_at IS NULL;
CREATE INDEX reconciliation_discrepancies_tenant_idx ON reconciliation_discrepancies (tenant_id, detected_at DESC);

ALTER TABLE reconciliation_discrepancies ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON reconciliation_discrepancies USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Discrepancies are evidence: resolved (an update), never deleted.
GRANT SELECT, INSERT, UPDATE ON reconciliation_discrepancies TO carbonledger_app;
REVOKE DELETE ON reconciliation_discrepancies FROM carbonledger_app;
