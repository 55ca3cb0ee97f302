-- Audit integrity: the trail cannot be emptied, and its head is checkpointed on chain.
-- See docs/audit.md for what each protection covers and what a superuser can still do.

-- TRUNCATE skips row triggers, so the append-only rule needs its own statement trigger.
-- It fires for cascaded truncates too (TRUNCATE tenants CASCADE).
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_reject_change();
REVOKE TRUNCATE ON audit_log FROM carbonledger_app;

-- One row per anchor: the tenant's chain head (last entry id, entries up to it, its hash)
-- written as a Memo by the tenant's issuer key in the transaction `signature`. The memo
-- on chain is the evidence; this table is the index the verifier starts from.
CREATE TABLE audit_anchors (
  id bigserial PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  last_entry_id bigint NOT NULL,
  entry_count bigint NOT NULL,
  head_hash text NOT NULL,
  signature text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_anchors_tenant_idx ON audit_anchors (tenant_id, id);

CREATE FUNCTION audit_anchors_reject_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit_anchors is append-only'; END $$;
CREATE TRIGGER audit_anchors_append_only BEFORE UPDATE OR DELETE ON audit_anchors
  FOR EACH ROW EXECUTE FUNCTION audit_anchors_reject_change();
CREATE TRIGGER audit_anchors_no_truncate BEFORE TRUNCATE ON audit_anchors
  FOR EACH STATEMENT EXECUTE FUNCTION audit_anchors_reject_change();

ALTER TABLE audit_anchors ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_anchors USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT ON audit_anchors TO carbonledger_app;
REVOKE UPDATE, DELETE, TRUNCATE ON audit_anchors FROM carbonledger_app;
GRANT USAGE, SELECT ON SEQUENCE audit_anchors_id_seq TO carbonledger_app;
