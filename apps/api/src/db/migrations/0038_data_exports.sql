-- Data exports (docs/product.md §3 Data export): a user's request for a file of one type of the
-- company's (or, for a platform administrator, the tenant's) data in JSON, CSV or XML, written
-- by a job to DATA_DIR/exports and kept for the retention days chosen, then deleted by a sweep.

CREATE TABLE data_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  -- NULL: the whole tenant's data (an administrator's export).
  company_id uuid REFERENCES companies(id),
  requested_by uuid NOT NULL REFERENCES users(id),
  -- The role the request was made with: the job reads with the scope it had.
  requested_role text NOT NULL,
  type text NOT NULL CHECK (type IN ('users', 'transactions', 'compliance', 'audit_logs', 'all')),
  format text NOT NULL CHECK (format IN ('json', 'csv', 'xml')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  row_count integer NOT NULL DEFAULT 0 CHECK (row_count >= 0),
  size_bytes bigint CHECK (size_bytes >= 0),
  retention_days integer NOT NULL CHECK (retention_days BETWEEN 1 AND 30),
  error text CHECK (length(error) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  expires_at timestamptz,
  -- Set when the file was deleted (by its owner or the retention sweep); the row stays as the record.
  deleted_at timestamptz
);
CREATE INDEX data_exports_requester ON data_exports (tenant_id, requested_by, created_at DESC);
CREATE INDEX data_exports_expiring ON data_exports (expires_at) WHERE deleted_at IS NULL;

ALTER TABLE data_exports ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON data_exports USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE ON data_exports TO carbonledger_app;
