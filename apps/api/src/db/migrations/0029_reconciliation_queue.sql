-- The reconciliation exception queue (docs/reconciliation.md): discrepancies get an assignee,
-- a status and a resolution with its reason; a sync goes through the approval engine
-- (operation type reconciliation_sync); the registry's VCUs become a source of discrepancies;
-- 'sync to database' writes a ledger adjustment that can only take tonnes away; a tenant's
-- 'run now' passes keep their progress.

ALTER TABLE reconciliation_discrepancies DROP CONSTRAINT reconciliation_discrepancies_entity_type_check;
ALTER TABLE reconciliation_discrepancies ADD CONSTRAINT reconciliation_discrepancies_entity_type_check
  CHECK (entity_type IN ('chain_submission', 'token_mint', 'registry_locked', 'registry_retired'));
ALTER TABLE reconciliation_discrepancies ADD COLUMN status text NOT NULL DEFAULT 'open'
  CHECK (status IN ('open', 'awaiting_approval', 'resolved'));
UPDATE reconciliation_discrepancies SET status = 'resolved' WHERE resolved_at IS NOT NULL;
ALTER TABLE reconciliation_discrepancies ADD CONSTRAINT reconciliation_discrepancies_resolved_status
  CHECK ((status = 'resolved') = (resolved_at IS NOT NULL));
ALTER TABLE reconciliation_discrepancies ADD COLUMN assignee_id uuid REFERENCES users(id);
ALTER TABLE reconciliation_discrepancies ADD COLUMN resolution text
  CHECK (resolution IN ('sync_to_chain', 'sync_to_database', 'mark_resolved'));
ALTER TABLE reconciliation_discrepancies ADD COLUMN resolution_reason text CHECK (length(resolution_reason) <= 2000);
ALTER TABLE reconciliation_discrepancies ADD COLUMN approval_id uuid REFERENCES approval_requests(id);
CREATE INDEX reconciliation_discrepancies_open_idx ON reconciliation_discrepancies (tenant_id, status, detected_at DESC);

-- 'sync to database' of a supply below the ledger: the ledger follows the chain. The delta is
-- negative by construction — an adjustment can never add a tonne — and one per discrepancy.
CREATE TABLE reconciliation_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  token_mint text NOT NULL,
  discrepancy_id uuid NOT NULL UNIQUE REFERENCES reconciliation_discrepancies(id),
  -- Base units of the mint, always below zero.
  delta bigint NOT NULL CHECK (delta < 0),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_adjustments_mint ON reconciliation_adjustments (tenant_id, token_mint);
ALTER TABLE reconciliation_adjustments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON reconciliation_adjustments USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
-- Ledger entries: written once, never changed or removed.
GRANT SELECT, INSERT ON reconciliation_adjustments TO carbonledger_app;
REVOKE UPDATE, DELETE ON reconciliation_adjustments FROM carbonledger_app;

-- A tenant's 'run now' passes: the phase and the counts the screen follows live.
CREATE TABLE reconciliation_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  requested_by uuid REFERENCES users(id),
  -- The requester's company: its members and the tenant's administrators follow the progress.
  company_id uuid NOT NULL REFERENCES companies(id),
  phase text NOT NULL DEFAULT 'queued' CHECK (phase IN ('queued', 'submissions', 'supplies', 'registry', 'recording', 'completed', 'failed')),
  checked integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  opened integer NOT NULL DEFAULT 0,
  seen_again integer NOT NULL DEFAULT 0,
  error text CHECK (length(error) <= 1000),
  requested_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX reconciliation_runs_tenant ON reconciliation_runs (tenant_id, requested_at DESC);
ALTER TABLE reconciliation_runs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON reconciliation_runs USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE ON reconciliation_runs TO carbonledger_app;
REVOKE DELETE ON reconciliation_runs FROM carbonledger_app;

-- A sync of a discrepancy waits for the approval engine (docs/approvals.md).
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_type_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_type_check
  CHECK (type IN ('mint', 'retirement', 'wallet_registration', 'transfer', 'offset_request', 'kyc_decision', 'reconciliation_sync'));
ALTER TABLE approval_matrix DROP CONSTRAINT approval_matrix_operation_type_check;
ALTER TABLE approval_matrix ADD CONSTRAINT approval_matrix_operation_type_check
  CHECK (operation_type IN ('mint', 'retirement', 'wallet_registration', 'transfer', 'offset_request', 'kyc_decision', 'reconciliation_sync'));
